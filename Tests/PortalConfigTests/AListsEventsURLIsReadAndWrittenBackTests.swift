import Foundation
@testable import PortalConfig
import PortalCore
import Testing

/// `events = "URL"` in a saved API's list (issue 38, item 2): read into the list's spec as
/// written (a path or an http(s) URL), written back by `portal apis show`, and anything
/// else refused with its line.
@Suite struct AListsEventsURLIsReadAndWrittenBackTests {
    static func parse(_ text: String) throws -> ConfigFile {
        try ConfigFile.parse(text, path: "/tmp/config.toml", othersCanRead: false)
    }

    static func config(_ line: String) -> String {
        "[apis.crew]\nurl = \"https://crew.example.com/v2\"\n[apis.crew.lists.members]\npath = \"/members\"\n\(line)\n"
    }

    @Test(arguments: ["/members/events", "https://push.example.com/members", "http://127.0.0.1:18300/api/character/events"])
    func aListsEventsAreReadAsWritten(events: String) throws {
        let api = try #require(try Self.parse(Self.config("events = \"\(events)\"")).api(named: "crew"))
        let spec = api.lists[0].spec
        #expect(spec.events == events)
        let written = spec.toml(api: "crew", list: "members", path: "/members", items: nil)
        #expect(written.contains("events = \"\(events)\""))
        let again = try #require(try Self.parse("[apis.crew]\nurl = \"https://crew.example.com/v2\"\n" + written).api(named: "crew"))
        #expect(again.lists[0].spec == spec)
    }

    @Test func aListWithoutEventsHasNone() throws {
        let api = try #require(try Self.parse(Self.config("")).api(named: "crew"))
        #expect(api.lists[0].spec.events == nil)
    }

    @Test(arguments: ["events = \"members/events\"", "events = \"ftp://x/events\"", "events = 3", "events = [\"/a\"]"])
    func otherValuesAreRefusedWithTheirLine(line: String) {
        #expect {
            try Self.parse(Self.config(line))
        } throws: { error in
            let config = error as? ConfigError
            return config?.message.contains("events is the URL or path of the list's text/event-stream") == true && config?.line == 5
        }
    }
}
