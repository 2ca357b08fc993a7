import Foundation
import PortalCore
import PortalAuth

/// The transport a command uses, and the tracer inside it (if any) whose write failure
/// the command reports once it is done.
public struct Connection: Sendable {
    public let transport: any Transport
    public let tracer: TracingTransport?
    /// With `--email` (once `signIn` succeeded) or a saved API's sign-in: the session every
    /// request to the API is sent in, and the live feeds' token.
    public let session: AuthSession?
    public let email: String?
    /// Keeps who the address signed in as in the disk cache, for `--offline --email`.
    public let remember: (@Sendable (String) -> Void)?

    public init(transport: any Transport, tracer: TracingTransport?, session: AuthSession? = nil, email: String? = nil,
                remember: (@Sendable (String) -> Void)? = nil) {
        self.transport = transport
        self.tracer = tracer
        self.session = session
        self.email = email
        self.remember = remember
    }

    /// One line about a trace that could not be written, for stderr; nil when all went well.
    public var traceProblem: String? { tracer?.writeFailure }

    /// Signs in when `--email` was given (the password from `password`: `PORTAL_PASSWORD`
    /// or the terminal); a refusal is one line naming no secret (exit 1).
    public func signIn(password: (String) -> String?) async throws {
        guard let session, let email else { return }
        guard let password = password(email) else {
            throw SourceFailure.runtime("--email needs a password: set \(SourceRequest.passwordVariable) or run on a terminal")
        }
        do {
            let userID = try await session.signIn(email: email, password: password)
            remember?(userID)
        } catch {
            throw SourceFailure.runtime(error.description)
        }
    }
}
