import Foundation
import PortalCore
import Testing
import PortalPaging
import PortalREST

/// A list's own lookup by keys (`AnyAPISource.itemsRequest`, what `get_item`'s related
/// rows and the pane's `fetchItems` send) holds no more keys than the list's `by_keys`
/// cap allows, as a detail's related list is split (`ByKeys.perRequest`): one request, the
/// first keys that fit; a server that takes 2 ids is never sent 5.
@Suite("A lookup by keys honours its cap")
struct ALookupByKeysHoldsNoMoreKeysThanItsCapTests {
    static let url = URL(string: "https://crew.example.com/v2/teams")!

    static func source(_ byKeys: ByKeysRoute) throws -> AnyAPISource {
        let answer = HTTPResponse(status: 200, headers: [:], body: Data(#"[{"id":"t-1","label":"One"}]"#.utf8))
        let reading = try DialectDetector.detect(answer, for: url)
        return AnyAPISource(pages: AnyAPIPages(url: url, reading: reading), spec: ListSpec(byKeys: byKeys), name: "teams")
    }

    static let five = (1...5).map { RecordKey.text("t-\($0)") }
    static let template = "https://crew.example.com/v2/teams?ids={keys}"

    @Test func maxKeysCapsTheRequest() throws {
        let source = try Self.source(ByKeysRoute(Self.template, cap: ByKeysCap(maxKeys: 2)))
        let request = try #require(source.itemsRequest(source.kind, keys: Self.five))
        #expect(request.url.absoluteString == "https://crew.example.com/v2/teams?ids=t-1,t-2")
    }

    @Test func maxURLCapsTheRequest() throws {
        // Room for 3 keys of 3 bytes and their commas beside the template.
        let length = Self.template.utf8.count - ByKeys.placeholder.utf8.count + 12
        let source = try Self.source(ByKeysRoute(Self.template, cap: ByKeysCap(maxURLBytes: length)))
        let request = try #require(source.itemsRequest(source.kind, keys: Self.five))
        #expect(request.url.absoluteString == "https://crew.example.com/v2/teams?ids=t-1,t-2,t-3")
        #expect(request.url.absoluteString.utf8.count <= length)
    }

    @Test func theStandardCapAsksForEveryKeyThatFits() throws {
        let source = try Self.source(ByKeysRoute(Self.template))
        let request = try #require(source.itemsRequest(source.kind, keys: Self.five))
        #expect(request.url.absoluteString == "https://crew.example.com/v2/teams?ids=t-1,t-2,t-3,t-4,t-5")
    }

    /// A path joined to the list's origin is written as the list's URL is: no `:443` (a
    /// URL with the port written out is another cache key for the same records).
    @Test func aPathIsJoinedToTheOriginAsTheListWritesIt() throws {
        let source = try Self.source(ByKeysRoute("/v2/teams?ids={keys}"))
        let request = try #require(source.itemsRequest(source.kind, keys: Array(Self.five.prefix(2))))
        #expect(request.url.absoluteString == "https://crew.example.com/v2/teams?ids=t-1,t-2")
    }

    @Test func anOriginIsWrittenWithItsPortOnlyWhenItIsNotTheSchemes() {
        #expect(Origin(scheme: "https", host: "a.example", port: 443).written == "https://a.example")
        #expect(Origin(scheme: "http", host: "a.example", port: nil).written == "http://a.example")
        #expect(Origin(scheme: "http", host: "127.0.0.1", port: 8080).written == "http://127.0.0.1:8080")
        #expect(Origin(scheme: "https", host: "a.example", port: 80).written == "https://a.example:80")
    }

    /// An IPv6 host is written in brackets, as a URL must (Supabase's `/auth/v1` beside its
    /// REST root is written the same way).
    @Test func anIPv6OriginIsWrittenInBrackets() {
        #expect(SplitURL("http://[::1]:8080/api/teams")?.origin.written == "http://[::1]:8080")
        #expect(SplitURL("https://[::1]/api/teams")?.origin.written == "https://[::1]")
    }
}
