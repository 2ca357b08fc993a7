import Foundation
import PortalMirror
import Testing

/// `portal --api postgrest --base-url …/rest/v1 --table characters --email … --live`
/// (issue 38, item 3) in tmux, signed in, against a mirror with Supabase Auth, 6-second
/// tokens and `--churn 20`: the table's `postgres_changes` over the mirror's Realtime are
/// rows of the open list — a changed and a deleted record marked while the selection stays
/// on its record, a created one marked `new` at the end, `live · N new` — and the channel
/// lives through token renewals: the mirror took two renewed tokens as `access_token`
/// (so the first token had expired), shut no channel for its token, and changes went on
/// coming after. Waits for what it checks, never for time (followTheChurn).
@Suite(.serialized, .enabled(if: EndToEndEnvironment.canDriveTerminal, EndToEndEnvironment.skipReason))
struct RealtimeChangesAreMarkedRowsThroughTokenRenewalsEndToEndTests {
    @Test func aSignedInTablesChangesAreRowsMarkedThroughTokenRenewals() async throws {
        try await PushedChangesAreRowsMarkedInTheOpenListEndToEndTests.followTheChurn(
            arguments: "--pictures off --no-cache --live", environment: "PORTAL_API_KEY=anon-key PORTAL_PASSWORD=PW",
            mirror: { options in
                options.requireKey = "anon-key"
                options.authUsers = [MirrorAuth.User(email: "ann@example.com", password: "PW")]
                // Renewed 1.5 s early: room for a busy machine to carry the renewal to the
                // channel (with 3-second tokens, 0.75 s early, a CI run at width 4 was 0 s late).
                options.tokenTTL = 6
            },
            following: Self.throughTwoRenewals
        ) { origin in
            "--api postgrest --base-url '\(origin)/rest/v1' --table characters --email ann@example.com"
        }
    }

    /// Tokens are renewed at three quarters of their life, so the second renewal comes
    /// after the first token expired: had the first renewal not reached the channel, the
    /// mirror would have shut it then. Once two came, the created count must still grow.
    static func throughTwoRenewals(_ mirror: RunningMirror, _ session: TmuxSession) throws {
        guard let ledger = mirror.realtime else { throw SessionError("the mirror has no Realtime") }
        let deadline = Date().addingTimeInterval(60)
        while ledger.tokenRenewals < 2, ledger.tokenShutdowns.isEmpty, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        guard ledger.tokenShutdowns.isEmpty else { throw SessionError("channels shut for their token: \(ledger.tokenShutdowns)") }
        guard ledger.tokenRenewals >= 2 else { throw SessionError("the mirror's Realtime took \(ledger.tokenRenewals) renewed tokens in 60 s") }
        let before = try created(session.waitFor(timeout: 60, "the live count") { (try? created($0)) != nil })
        try session.waitFor(timeout: 60, "more created records after the renewals (\(before) before)") { ((try? created($0)) ?? 0) > before }
        guard ledger.tokenShutdowns.isEmpty else { throw SessionError("channels shut for their token: \(ledger.tokenShutdowns)") }
    }

    /// N of the status line's `live · N new`.
    static func created(_ screen: String) throws -> Int {
        guard let range = screen.range(of: #"live · [0-9,]+ new"#, options: .regularExpression),
              let count = Int(screen[range].dropFirst("live · ".count).dropLast(" new".count).replacingOccurrences(of: ",", with: ""))
        else { throw SessionError("no 'live · N new' on the screen:\n\(screen)") }
        return count
    }
}
