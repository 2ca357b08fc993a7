/// The bounds of every answer and call: bytes per answer (rows past it are left for the
/// next call, which the answer names), the characters of one string in a compact row, and
/// the time a call may take (a walk stops at a page boundary and says where it got to).
public struct MCPLimits: Sendable {
    public var answerBytes: Int
    public var rowStringLimit: Int
    public var callSeconds: Int

    public init(answerBytes: Int = 24_000, rowStringLimit: Int = 300, callSeconds: Int = 30) {
        self.answerBytes = answerBytes
        self.rowStringLimit = rowStringLimit
        self.callSeconds = callSeconds
    }

    /// The time after which a walk stops asking for pages: a few seconds before the
    /// call's hard deadline, so the answer that says so is still sent in time.
    var walkSeconds: Int { max(1, callSeconds - max(1, callSeconds / 6)) }
}
