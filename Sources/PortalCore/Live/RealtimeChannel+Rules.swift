import Foundation

/// The rules `RealtimeChannel` decides by: which refusals are final, which are Realtime's
/// rate limits, and what a payload's reading is to the list.
extension RealtimeChannel {
    static func signal(_ reading: LiveEventReading) -> Action? {
        switch reading {
        case .change(let change): .signal(.change(change))
        case .reset(let why): .signal(.status(.reset(why)))
        case .problem(let why): .signal(.status(.note(why)))
        case .ignored: nil
        }
    }

    /// Join refusals that come back the same however often asked.
    static func isPermanent(_ reason: String) -> Bool {
        let code = reason.split(separator: ":", maxSplits: 1).first.map(String.init) ?? reason
        if code == "InvalidJWTToken" { return !reason.contains("expired") }
        return ["TopicNameRequired", "Unauthorized", "PrivateOnly", "TenantNotFound", "RealtimeDisabledForTenant",
                "MalformedJWT", "JwtSignatureError", "JwtSignerError", "InvalidJoinPayload"].contains(code)
    }

    static func isRateLimit(_ reason: String) -> Bool {
        ["ChannelRateLimitReached", "ConnectionRateLimitReached", "ClientJoinRateLimitReached", "DatabaseConnectionRateLimitReached"]
            .contains { reason.hasPrefix($0) }
    }

    static func seconds(_ duration: Duration) -> String {
        let value = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return value == value.rounded() ? "\(Int(value)) s" : String(format: "%.1f s", value)
    }
}
