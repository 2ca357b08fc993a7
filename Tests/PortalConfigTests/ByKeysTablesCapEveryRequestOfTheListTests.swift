import Foundation
@testable import PortalConfig
import PortalCore
import Testing

/// `by_keys` as a table caps one request's keys per list (`max_keys`, `max_url`), the
/// string form still meaning "as many as fit in 2 KB"; the cap travels with the list's
/// template to whoever splits a related list into requests (`ByKeys.perRequest`).
@Suite("by_keys caps in the config file")
struct ByKeysTablesCapEveryRequestOfTheListTests {
    static func api(_ byKeys: String) throws -> SavedAPI {
        let text = """
            [apis.crew]
            url = "https://crew.example.com/v2"
            [apis.crew.lists.teams]
            path = "/teams"
            by_keys = \(byKeys)
            """
        return try #require(try ConfigFile.parse(text, path: "/tmp/config.toml", othersCanRead: false).api(named: "crew"))
    }

    static let fifty = (1...50).map { RecordKey.text("t-\($0)") }

    @Test func maxKeysCapsEveryRequestOfTheList() async throws {
        let api = try Self.api(#"{ url = "/teams?ids={keys}", max_keys = 20 }"#)
        #expect(api.lists[0].spec.byKeys == ByKeysRoute("/teams?ids={keys}", cap: ByKeysCap(maxKeys: 20)))
        let resolved = try await ResolvedAPI.resolve(api, resolver: SecretResolver(environment: [:]))
        let route = try #require(resolved.byKeys["teams"])
        #expect(route == ByKeysRoute("https://crew.example.com/v2/teams?ids={keys}", cap: ByKeysCap(maxKeys: 20)))
        #expect(ByKeys.perRequest(route, keys: Self.fifty) == 20)
        let url = try #require(ByKeys.url(template: route.template, keys: Array(Self.fifty.prefix(2))))
        #expect(url.absoluteString == "https://crew.example.com/v2/teams?ids=t-1,t-2")
        // The string form: as many as fit in 2 KB, all fifty here.
        let plain = try await ResolvedAPI.resolve(try Self.api(#""/teams?ids={keys}""#), resolver: SecretResolver(environment: [:]))
        #expect(ByKeys.perRequest(try #require(plain.byKeys["teams"]), keys: Self.fifty) == 50)
    }

    @Test func maxURLSetsTheLengthOneRequestFills() async throws {
        let api = try Self.api(#"{ url = "/teams?ids={keys}", max_url = 80 }"#)
        let resolved = try await ResolvedAPI.resolve(api, resolver: SecretResolver(environment: [:]))
        let route = try #require(resolved.byKeys["teams"])
        let per = ByKeys.perRequest(route, keys: Self.fifty)
        let url = try #require(ByKeys.url(template: route.template, keys: Array(Self.fifty.prefix(per))))
        #expect(per > 1 && per < 50 && url.absoluteString.utf8.count <= 80)
    }

    @Test func aTableWritesBackAsItself() throws {
        let spec = try Self.api(#"{ url = "/teams?ids={keys}", max_keys = 20, max_url = 4096 }"#).lists[0].spec
        let text = spec.toml(api: "crew", list: "teams", path: "/teams", items: nil)
        #expect(text.contains(#"by_keys = { url = "/teams?ids={keys}", max_keys = 20, max_url = 4096 }"#))
        let again = try ConfigFile.parse("[apis.crew]\nurl = \"https://crew.example.com/v2\"\n" + text, path: "/tmp/c.toml", othersCanRead: false)
        #expect(again.api(named: "crew")?.lists[0].spec == spec)
    }

    /// Text in the template that looks like a cap is the template's, never a cap: only the
    /// table's typed `max_keys` caps.
    @Test func capLikeTextInTheURLIsNotACap() async throws {
        let api = try Self.api(#"{ url = "/teams?ids={keys}&note={keys max_keys=1}", max_keys = 20 }"#)
        #expect(api.lists[0].spec.byKeys == ByKeysRoute("/teams?ids={keys}&note={keys max_keys=1}", cap: ByKeysCap(maxKeys: 20)))
        let resolved = try await ResolvedAPI.resolve(api, resolver: SecretResolver(environment: [:]))
        let route = try #require(resolved.byKeys["teams"])
        #expect(route.template == "https://crew.example.com/v2/teams?ids={keys}&note={keys max_keys=1}" && route.cap == ByKeysCap(maxKeys: 20))
        #expect(ByKeys.perRequest(route, keys: Self.fifty) == 20)
        let text = api.lists[0].spec.toml(api: "crew", list: "teams", path: "/teams", items: nil)
        #expect(text.contains(#"by_keys = { url = "/teams?ids={keys}&note={keys max_keys=1}", max_keys = 20, max_url = 2048 }"#), "\(text)")
        let plain = try await ResolvedAPI.resolve(try Self.api(#""/teams?ids={keys}&note={keys max_keys=1}""#), resolver: SecretResolver(environment: [:]))
        #expect(ByKeys.perRequest(try #require(plain.byKeys["teams"]), keys: Self.fifty) == 50)
    }

    @Test(arguments: [
        (#"{ url = "/teams" }"#, "by_keys is a URL or path holding {keys}"),
        (#"{ url = "/teams?ids={keys}", max_keys = 0 }"#, "max_keys is how many keys one request holds"),
        (#"{ url = "/teams?ids={keys}", max_url = 5 }"#, "max_url is the longest URL"),
        (#"{ url = "/teams?ids={keys}", per = 5 }"#, "unknown key per"),
    ])
    func mistakesAreReported(byKeys: String, message: String) throws {
        do {
            _ = try Self.api(byKeys)
            Issue.record("\(byKeys) was read")
        } catch {
            #expect("\(error)".contains(message), "\(error)")
        }
    }
}
