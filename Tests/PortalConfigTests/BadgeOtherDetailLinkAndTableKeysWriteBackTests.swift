import Foundation
@testable import PortalConfig
import PortalCore
import Testing

/// Spec keys step B needed (issue 34): a badge colour for values its table does not list
/// (`other`), a detail field that opens one record of another list (`link`, `list`), and
/// the table view's own columns (`table`): read, written back by `portal apis show`'s
/// writer to the same spec, and a mistake in them named.
@Suite("Spec keys: badge other, detail link, table")
struct BadgeOtherDetailLinkAndTableKeysWriteBackTests {
    static let text = """
        [apis.x]
        url = "https://x.test/api"
        [apis.x.lists.people]
        path = "/people"
        detail = { fields = [{ field = "home.name", label = "Home", link = "home.url" }, { field = "team", link = "team", list = "teams" }] }
        table = ["id", { field = "home.name", label = "home" }, { field = "pets", format = "count" }]
        [apis.x.lists.people.card]
        badge = { field = "status", colours = { Alive = "green", Dead = "red" }, other = "yellow" }
        [apis.x.lists.places]
        path = "/places"
        by_keys = "/places/{keys}"
        """

    static func parse(_ text: String) throws -> SavedAPI {
        try #require(try ConfigFile.parse(text, path: "/tmp/config.toml", othersCanRead: false).api(named: "x"))
    }

    @Test func theKeysRead() throws {
        let people = try Self.parse(Self.text).lists[0].spec
        let badge = try #require(people.card?.badge)
        #expect(badge.other == .yellow)
        #expect(badge.colour(of: "Alive") == .green && badge.colour(of: "Zombie") == .yellow, "a value not listed takes other")
        #expect(BadgeSpec(field: "status").colour(of: "Zombie") == nil, "without other: none (dim)")
        #expect(people.detail?.fields == [DetailFieldSpec(field: "home.name", label: "Home", link: "home.url"),
                                          DetailFieldSpec(field: "team", link: "team", list: "teams")])
        #expect(people.table == [DetailFieldSpec(field: "id"), DetailFieldSpec(field: "home.name", label: "home"),
                                 DetailFieldSpec(field: "pets", format: .count)])
    }

    @Test func theyWriteBackAsThemselves() throws {
        let api = try Self.parse(Self.text)
        let written = "[apis.x]\nurl = \"https://x.test/api\"\n"
            + api.lists.map { $0.spec.toml(api: "x", list: $0.name, path: "/" + $0.name, items: nil) }.joined(separator: "\n")
        #expect(written.contains(#"other = "yellow""#) && written.contains(#"link = "home.url""#) && written.contains("table = ["))
        #expect(try Self.parse(written).lists.map(\.spec) == api.lists.map(\.spec))
    }

    @Test func mistakesAreNamed() throws {
        let badColour = Self.text.replacingOccurrences(of: #"other = "yellow""#, with: #"other = "mauve""#)
        #expect(throws: ConfigError.self) { try Self.parse(badColour) }
        let badKey = Self.text.replacingOccurrences(of: #"list = "teams""#, with: #"lists = "teams""#)
        do { _ = try Self.parse(badKey); Issue.record("an unknown key was taken") } catch let error as ConfigError {
            #expect(error.message.contains("unknown key lists"))
        }
    }

    /// A link's value names a record: a URL under a list's by-key template, or a key of `list`.
    @Test func aLinkNamesARecord() {
        let byKeys = ["places": ByKeysRoute("https://x.test/api/places/{keys}"), "teams": ByKeysRoute("https://x.test/api/teams?ids={keys}")]
        #expect(SpecValues.record("https://x.test/api/places/3", list: nil, byKeys: byKeys) == ItemKey(ItemKind(rawValue: "places"), 3))
        #expect(SpecValues.record("https://x.test/api/teams?ids=a%20b", list: nil, byKeys: byKeys) == ItemKey(ItemKind(rawValue: "teams"), .text("a b")))
        #expect(SpecValues.record("https://x.test/api/places/3,4", list: nil, byKeys: byKeys) == nil, "two keys are no one record")
        #expect(SpecValues.record("7", list: "teams", byKeys: byKeys) == ItemKey(ItemKind(rawValue: "teams"), 7))
        #expect(SpecValues.record("https://elsewhere.test/p/9", list: nil, byKeys: byKeys) == nil)
    }
}
