import Foundation
import PortalCore
@testable import PortalCache
import PortalTestSupport
import Testing

/// Signed-in and function answers in the disk cache: a POST is keyed by its body, a
/// signed-in answer by the user (`cacheIdentity`) instead of the access token, so one
/// user's answers survive a token refresh and two users' never meet; `R` (`revalidate`)
/// asks again even about a fresh answer, and a 304 serves the kept body. No token ever
/// reaches the file.
@Suite struct SignedInCacheTests {
    static let secret = Array("install-secret".utf8)
    static let url = URL(string: "https://x.supabase.co/rest/v1/rpc/characters_by_status?select=*&order=id&limit=20&offset=0")!

    static func request(token: String, user: String?, body: String = #"{"status":"Dead"}"#) -> HTTPRequest {
        var request = HTTPRequest(method: "POST", url: url, headers: ["apikey": "anon-key-secret", "Authorization": "Bearer \(token)"],
                                  body: Data(body.utf8))
        request.cacheIdentity = user
        return request
    }

    @Test func theKeyHasTheBodyAndTheUserNeverTheToken() {
        let a = CacheKey(Self.request(token: "token-one", user: "user-a"), secret: Self.secret)
        #expect(a.text.hasPrefix("POST https://x.supabase.co/rest/v1/rpc/characters_by_status"))
        #expect(!a.text.contains("token-one") && !a.text.contains("anon-key-secret") && !a.text.contains("Dead"))
        // A refreshed token: the same entry.
        #expect(CacheKey(Self.request(token: "token-two", user: "user-a"), secret: Self.secret) == a)
        // Another user, or other arguments: another entry.
        #expect(CacheKey(Self.request(token: "token-one", user: "user-b"), secret: Self.secret) != a)
        #expect(CacheKey(Self.request(token: "token-one", user: "user-a", body: #"{"status":"Alive"}"#), secret: Self.secret) != a)
        // Without an identity the token still counts (a fixed key is its own identity).
        #expect(CacheKey(Self.request(token: "token-one", user: nil), secret: Self.secret) != CacheKey(Self.request(token: "token-two", user: nil), secret: Self.secret))
    }

    @Test func usersAreKeptApartAndRefreshRevalidatesAndNoSecretIsWritten() async throws {
        let folder = try TemporaryDirectory()
        let server = TaggingServer()
        let counting = CountingTransport(server)
        let disk = DiskCachingTransport(wrapping: counting, cache: DiskCache(directory: folder.path))
        let ann = try await disk.send(Self.request(token: "ann-token-1", user: "user-a"))
        ann.confirmDecoded()
        #expect(ann.cache?.source == .miss)
        // Ann again with a new token: a hit, no request.
        let again = try await disk.send(Self.request(token: "ann-token-2", user: "user-a"))
        #expect(again.cache?.source == .hit && counting.count == 1)
        // Bob, same URL and body: his own request.
        let bob = try await disk.send(Self.request(token: "bob-token", user: "user-b"))
        bob.confirmDecoded()
        #expect(bob.cache?.source == .miss && counting.count == 2)
        // R: asked again though fresh, conditionally; the 304 serves the kept body.
        var refresh = Self.request(token: "ann-token-2", user: "user-a")
        refresh.revalidate = true
        let revalidated = try await disk.send(refresh)
        #expect(revalidated.cache?.source == .revalidated && revalidated.body == ann.body && counting.count == 3)
        #expect(server.requests.last?["If-None-Match"] == "\"v1\"")

        var bytes = Data()
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            bytes += (FileManager.default.contents(atPath: folder.path + "/" + name) ?? Data())
        }
        #expect(!bytes.isEmpty)
        for secret in ["ann-token-1", "ann-token-2", "bob-token", "anon-key-secret"] {
            #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(secret) is in the cache file")
        }
    }

    @Test func theSessionCacheKeysByUserAndIsPassedByOnRefresh() async throws {
        let counting = CountingTransport(TaggingServer())
        let memory = CachingTransport(wrapping: counting)
        let first = try await memory.send(Self.request(token: "t1", user: "user-a"))
        first.confirmDecoded()
        _ = try await memory.send(Self.request(token: "t2", user: "user-a"))
        #expect(counting.count == 1)
        _ = try await memory.send(Self.request(token: "t1", user: "user-b"))
        #expect(counting.count == 2)
        var refresh = Self.request(token: "t2", user: "user-a")
        refresh.revalidate = true
        _ = try await memory.send(refresh)
        #expect(counting.count == 3)
    }
}
