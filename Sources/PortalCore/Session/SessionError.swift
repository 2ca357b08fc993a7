/// Why signing in or renewing a session failed, as one line that never holds a password,
/// a token or the key (GoTrue's own messages do not echo them).
public enum SessionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The password grant was refused (400 `invalid_credentials`): the server's message.
    case signInRefused(String)
    /// A refresh was refused (a spent or revoked refresh token): sign in again.
    case expired
    /// No answer from the auth server.
    case transport(TransportError)
    /// An answer that is not GoTrue's token shape.
    case malformed(String)

    public var description: String {
        switch self {
        case .signInRefused(let why): "sign-in failed: \(why)"
        case .expired: TransportError.sessionExpired.description
        case .transport(let error): "sign-in failed: \(error)"
        case .malformed(let why): "sign-in failed: \(why)"
        }
    }
}
