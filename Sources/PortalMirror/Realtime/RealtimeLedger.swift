import Synchronization

/// What the mirror's Realtime did with its channels' tokens, for tests that must know a
/// client renewed its token in time rather than rejoined after the channel was shut:
/// the renewed tokens taken (`access_token`) and the channels shut for their token
/// (expired, malformed or unsigned: Realtime's `system` error and `phx_close`).
public final class RealtimeLedger: Sendable {
    private let counts = Mutex((renewals: 0, shutdowns: [String]()))

    public init() {}

    /// `access_token` messages whose token replaced a channel's.
    public var tokenRenewals: Int { counts.withLock { $0.renewals } }
    /// Each channel shut for its token, as the `system` message said why.
    public var tokenShutdowns: [String] { counts.withLock { $0.shutdowns } }

    func renewed() { counts.withLock { $0.renewals += 1 } }
    func shut(_ why: String) { counts.withLock { $0.shutdowns.append(why) } }
}
