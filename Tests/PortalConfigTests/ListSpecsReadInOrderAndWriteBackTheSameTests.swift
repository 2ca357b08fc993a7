import Foundation
@testable import PortalConfig
import PortalCore
import Testing

/// A list spec written in the config file (issue 34's keys, exactly): read into a
/// `ListSpec` with every part in the file's order, and each mistake reported with its line.
@Suite("List specs in the config file")
struct ListSpecsReadInOrderAndWriteBackTheSameTests {
    /// The issue's example, its inline tables each on one line (TOML 1.0 has no line
    /// breaks inside them; the issue wrote two across lines) and `card` as a table.
    static let crew = """
        [apis.crew]
        url = "https://crew.example.com/v2"
        [apis.crew.lists.members]
        path = "/members"
        items = "members"                     # as today
        key = "uid"                           # the record's key (default: id); any JSON scalar
        paging = { style = "page", page = "pg", size = "per", total = "paging.total_count" }
        detail = { fields = ["handle", "state", "joined"], related = [{ field = "team_ids", list = "teams", title = "Teams" }] }
        [apis.crew.lists.members.card]
        title = "display"
        subtitle = "handle"
        picture = "portrait"
        badge = { field = "state", colours = { active = "green", away = "yellow", gone = "red" } }
        [apis.crew.lists.teams]
        path = "/teams"
        items = "teams"
        by_keys = "/teams?ids={keys}"         # many records in one request, keys comma-joined
        card = { title = "label" }
        """

    static func parse(_ text: String) throws -> ConfigFile {
        try ConfigFile.parse(text, path: "/tmp/config.toml", othersCanRead: false)
    }

    @Test func theIssuesExampleReadsIntoSpecs() throws {
        let api = try #require(try Self.parse(Self.crew).api(named: "crew"))
        #expect(api.lists.map(\.name) == ["members", "teams"])
        let members = api.lists[0].spec
        #expect(members.key == ["uid"])
        #expect(members.paging == PagingSpec(style: "page", names: ["page": "pg", "size": "per", "total": "paging.total_count"]))
        #expect(members.card?.title == "display" && members.card?.subtitle == "handle" && members.card?.picture == "portrait")
        #expect(members.card?.badge?.colours.map(\.value) == ["active", "away", "gone"], "in the file's order")
        #expect(members.card?.badge?.colour(of: "gone") == .red)
        #expect(members.detail?.fields.map(\.field) == ["handle", "state", "joined"])
        #expect(members.detail?.related == [RelatedSpec(field: "team_ids", list: "teams", title: "Teams")])
        #expect(api.lists[0].paging == nil, "a paging table is the spec's, not --paging")
        #expect(api.lists[1].spec.byKeys == ByKeysRoute("/teams?ids={keys}") && api.lists[1].spec.card?.title == "label")
    }

    @Test func detailFieldsTakeLabelsAndFormats() throws {
        let text = """
            [apis.x]
            url = "https://x.test"
            [apis.x.lists.people]
            path = "/people"
            key = ["org", "login"]
            paging = "cursor"
            detail = { fields = ["name", { field = "joined", label = "Joined", format = "date" }, { field = "repos", format = "count" }] }
            filters = { state = ["open", "closed"] }
            """
        let spec = try #require(try Self.parse(text).api(named: "x")).lists[0]
        #expect(spec.paging == "cursor" && spec.spec.paging == nil)
        #expect(spec.spec.key == ["org", "login"])
        #expect(spec.spec.detail?.fields == [DetailFieldSpec(field: "name"), DetailFieldSpec(field: "joined", label: "Joined", format: .date),
                                             DetailFieldSpec(field: "repos", format: .count)])
        #expect(spec.spec.detail?.fields[2].shownLabel == "Repos")
        #expect(spec.spec.filters == [SpecFilter(parameter: "state", values: ["open", "closed"])])
    }

    /// What `portal apis show` prints reads back as the same spec (strings escaped, keys
    /// quoted where TOML needs it, every part in order).
    @Test func theTOMLAListSpecWritesReadsBackTheSame() throws {
        let api = try #require(try Self.parse(Self.crew).api(named: "crew"))
        var members = api.lists[0].spec
        members.detail?.fields.append(DetailFieldSpec(field: "joined", label: "Joined \"on\"\n", format: .date))
        members.filters = [SpecFilter(parameter: "state.now", values: ["a b", "ü"])]
        let text = "[apis.crew]\nurl = \"https://crew.example.com/v2\"\n"
            + members.toml(api: "crew", list: "members", path: "/members", items: "members")
            + api.lists[1].spec.toml(api: "crew", list: "teams", path: "/teams", items: "teams")
        let read = try #require(try Self.parse(text).api(named: "crew"))
        #expect(read.lists[0].spec == members, "\(text)")
        #expect(read.lists[1].spec == api.lists[1].spec)
    }

    @Test(arguments: [
        ("paging = { style = \"page\", cursor = \"c\" }", "paging style page takes page, size, total, past_end, not cursor", 4),
        ("paging = { style = \"pages\" }", "paging style pages is not one of", 4),
        ("card = { title = \"a\", badge = { field = \"s\", colours = { ok = \"pink\" } } }", "colours.ok is one of red, green", 4),
        ("detail = { fields = [{ field = \"a\", format = \"money\" }] }", "format is one of date, count", 4),
        ("detail = { related = [{ field = \"a\", list = \"nope\" }] }", "related list nope is not a list of x", 4),
        ("detail = { related = [{ field = \"a\", list = \"people\" }] }", "related list people needs by_keys", 4),
        ("by_keys = \"/people?ids=\"", "by_keys is a URL or path holding {keys}", 4),
        ("card = { heading = \"a\" }", "unknown key heading in card", 4),
    ])
    func mistakesAreReportedWithTheirLine(line: String, message: String, at: Int) throws {
        let text = "[apis.x]\nurl = \"https://x.test\"\n[apis.x.lists.people]\n\(line)\npath = \"/people\"\n"
        #expect {
            try Self.parse(text)
        } throws: { error in
            let config = error as? ConfigError
            return config?.message.contains(message) == true && config?.line == at
        }
    }
}
