import Foundation
@testable import PortalConfig
import PortalCore
import Testing

/// `past_end` in a list's `paging`: the plain number is the status alone (any answer of it
/// ends the list), the table `{ status, error }` also names the body's `error` text (only
/// that answer does: Rick and Morty's `There is nothing here`). Both read, and written back
/// by `portal apis show` as written.
@Suite("past_end in the config file")
struct PastEndIsAStatusOrAStatusAndItsErrorTests {
    static func api(_ pastEnd: String) throws -> SavedAPI {
        let text = """
            [apis.rm]
            url = "https://rm.example.com/api"
            [apis.rm.lists.people]
            path = "/character"
            items = "results"
            paging = { style = "next", next = "info.next", page = "page", past_end = \(pastEnd) }
            """
        return try #require(try ConfigFile.parse(text, path: "/tmp/config.toml", othersCanRead: false).api(named: "rm"))
    }

    @Test(arguments: [
        (#"{ status = 404, error = "There is nothing here" }"#, PastEnd(status: 404, error: "There is nothing here")),
        ("404", PastEnd(status: 404)),
        ("{ status = 410 }", PastEnd(status: 410)),
    ])
    func bothFormsAreReadAndWrittenBack(written: String, read: PastEnd) throws {
        let spec = try Self.api(written).lists[0].spec
        #expect(spec.paging?.pastEnd == read && spec.paging?["past_end"] == nil)
        let text = spec.toml(api: "rm", list: "people", path: "/character", items: "results")
        let again = try ConfigFile.parse("[apis.rm]\nurl = \"https://rm.example.com/api\"\n" + text, path: "/tmp/c.toml", othersCanRead: false)
        #expect(again.api(named: "rm")?.lists[0].spec == spec, "\(text)")
        #expect(text.contains(read.error == nil ? "past_end = \(read.status) }" : #"past_end = { status = 404, error = "There is nothing here" } }"#), "\(text)")
    }

    @Test(arguments: [
        (#""404""#, "past_end is the HTTP status a page past the end answers"),
        ("200", "past_end is the HTTP status a page past the end answers"),
        (#"{ error = "There is nothing here" }"#, "past_end is the HTTP status a page past the end answers"),
        (#"{ status = 404, error = "" }"#, "past_end.error is the text of the body's error field"),
        (#"{ status = 404, error = 3 }"#, "error must be a string"),
        (#"{ status = 404, body = "x" }"#, "unknown key body"),
    ])
    func mistakesAreReported(pastEnd: String, message: String) throws {
        do {
            _ = try Self.api(pastEnd)
            Issue.record("\(pastEnd) was read")
        } catch {
            #expect("\(error)".contains(message), "\(error)")
        }
    }
}
