import Foundation
import PortalCore

/// A user name and password written into a URL (`http://user:secret@host/…`), taken out of
/// it and sent as `Authorization: Basic …` instead — what curl does with such a URL.
///
/// Why: a URL is shown (errors, the trace's notes), written to `--trace` and stored by the
/// disk cache in the clear, while a header is a secret everywhere (never traced, hashed in
/// cache keys). Everything after the command line sees the URL without its userinfo.
public struct URLCredentials: Sendable, Equatable {
    /// The URL with no userinfo (the text given when it had none).
    public let url: String
    /// `Authorization: Basic …`, as a `--header` line; nil when the URL named no user.
    public let headerLine: String?

    public init(_ text: String) {
        // Found as every output hides it (`URLRedaction`): a password holding `/` too.
        guard let range = URLRedaction.userinfoRange(text) else {
            url = text
            headerLine = nil
            return
        }
        let userinfo = text[range]
        url = URLRedaction.removingUserinfo(text)
        let parts = userinfo.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let user = Self.decoded(parts[0])
        let password = parts.count > 1 ? Self.decoded(parts[1]) : ""
        guard !user.isEmpty || !password.isEmpty else {
            headerLine = nil
            return
        }
        headerLine = "Authorization: Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
    }

    /// Whether the URL carried a user or a password.
    public var hadCredentials: Bool { headerLine != nil }

    private static func decoded(_ part: Substring) -> String {
        String(part).removingPercentEncoding ?? String(part)
    }
}
