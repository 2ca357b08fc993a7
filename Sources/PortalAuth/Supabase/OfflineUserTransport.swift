import Foundation
import PortalCore

/// `--offline --email`: every request to the API is keyed as that user's, as
/// `SessionTransport` keys it once signed in, but with no session at all: offline nothing
/// is sent, so there is no sign-in, no refresh and no token to send.
///
/// The user id comes from the disk cache, which remembers what each address signed in as
/// (`DiskCache.rememberedUser`): the same user's answers are found, and no other user's.
public struct OfflineUserTransport: Transport {
    private let inner: any Transport
    private let userID: String
    private let origin: Origin?

    /// `apiRoot` is the PostgREST root: only requests to its origin are the user's.
    public init(wrapping inner: any Transport, userID: String, apiRoot: String) {
        self.inner = inner
        self.userID = userID
        self.origin = SplitURL(apiRoot)?.origin
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let origin, SplitURL(request.url.absoluteString)?.origin == origin else { return try await inner.send(request) }
        var keyed = request
        for name in keyed.headers.keys where name.caseInsensitiveCompare("Authorization") == .orderedSame {
            keyed.headers.removeValue(forKey: name)
        }
        keyed.cacheIdentity = userID
        return try await inner.send(keyed)
    }
}
