import Foundation
import PortalCore
import PortalCurl
import PortalTestSupport
import Synchronization
import Testing
import PortalPaging
import PortalREST

/// Pictures on another origin than the API's (a CDN, GitHub's avatars), issue 28 item 6:
/// two loopback servers on two ports are two origins. The list's items name avatars on the
/// picture server; the picture is fetched through the real transport the way a browser
/// fetches an `<img>` — never with the API's key, a `--header` or a cookie — and
/// `--pictures-origin same` asks that server for nothing.
@Suite struct CrossOriginPictureTests {
    /// The list server's answer: two users whose avatars sit on `pictures`.
    static func listServer(pictures: String) throws -> LoopbackServer {
        let body = #"{"count":2,"next":null,"results":[{"id":1,"login":"ada","avatar_url":"\#(pictures)/avatars/1.png"},{"id":2,"login":"grace","avatar_url":"\#(pictures)/avatars/2.png"}]}"#
        return try LoopbackServer { _ in LoopbackServer.response("200 OK", headers: ["Content-Type": "application/json"], body: body) }
    }

    /// The headers a `--url` list is asked with: the key, a `--header`, a cookie.
    static let credentials = ["Authorization": "Bearer SECRET-KEY-1", "X-Team": "TEAM-HEADER-2", "Cookie": "session=COOKIE-3"]

    /// The first page of the list at `server`, read through curl with `credentials`.
    static func source(_ server: LoopbackServer, policy: PicturesOrigin) async throws -> (AnyAPISource, [Item]) {
        let url = try #require(URL(string: server.baseURL + "/users?page=1"))
        let response = try await CurlTransport().send(HTTPRequest(url: url, headers: credentials))
        let reading = try DialectDetector.detect(response, for: url)
        let source = AnyAPISource(pages: AnyAPIPages(url: url, reading: reading, headers: credentials), picturesOrigin: policy)
        let query = ListQuery(kind: source.kind)
        return (source, try source.decodePage(response, for: source.firstPage(for: query), of: query).items)
    }

    @Test func aPictureOnAnotherOriginIsFetchedBare() async throws {
        let heads = Mutex<[String]>([])
        let pictures = try LoopbackServer { head in
            heads.withLock { $0.append(head) }
            return LoopbackServer.response("200 OK", headers: ["Content-Type": "image/png"], body: "png")
        }
        let list = try Self.listServer(pictures: pictures.baseURL)
        let (source, items) = try await Self.source(list, policy: .any)
        #expect(items.count == 2)
        for item in items {
            let request = try #require(source.pictureRequest(for: item))
            #expect(SplitURL(request.url.absoluteString)?.origin.port == Int(pictures.port))
            let answer = try await CurlTransport().send(request)
            #expect(answer.status == 200)
        }
        let seen = heads.withLock { $0 }
        #expect(seen.count == 2)
        for head in seen {
            let lines = head.split(separator: "\r\n").map { $0.lowercased() }
            for secret in ["secret-key-1", "team-header-2", "cookie-3"] {
                #expect(!head.lowercased().contains(secret), "the picture origin got \(secret)")
            }
            #expect(!lines.contains { $0.hasPrefix("authorization:") || $0.hasPrefix("cookie:") || $0.hasPrefix("x-team:") })
            #expect(lines.contains { $0.hasPrefix("accept: image/") })
            #expect(lines.contains { $0.hasPrefix("user-agent: portal/") })
        }
        #expect(list.requestCount == 1)
    }

    @Test func picturesOriginSameAsksTheOtherOriginForNothing() async throws {
        let pictures = try LoopbackServer { _ in LoopbackServer.response("200 OK", body: "png") }
        let list = try Self.listServer(pictures: pictures.baseURL)
        let (source, items) = try await Self.source(list, policy: .same)
        #expect(items.count == 2)
        #expect(items.allSatisfy { source.pictureRequest(for: $0) == nil })
        #expect(pictures.requestCount == 0)
    }

    @Test func aPictureOnTheAPIsOwnOriginIsAskedForAsBefore() throws {
        let home = try #require(SplitURL("http://127.0.0.1:8000/users")?.origin)
        let own = try #require(URL(string: "http://127.0.0.1:8000/a.png"))
        #expect(BarePictureRequest.make(own, home: home, homeHeaders: [:]) == HTTPRequest(url: own))
        #expect(PicturesOrigin.same.allows(home, home: home) && !PicturesOrigin.same.allows(Origin(scheme: "http", host: "127.0.0.1", port: 8001), home: home))
    }
}
