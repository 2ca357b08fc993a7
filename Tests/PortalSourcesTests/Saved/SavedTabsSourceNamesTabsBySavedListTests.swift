import Foundation
import PortalCore
import PortalSources
import Testing
import PortalPaging
import PortalREST

/// A saved API's lists side by side (`SavedTabsSource`): each tab named as the config file
/// names its list, and each tab's queries sent to its own list's URL.
@Suite struct SavedTabsSourceNamesTabsBySavedListTests {
    static func unread(_ text: String) throws -> any Source {
        AnyAPISource.unread(url: try #require(URL(string: text)), headers: [:], overrides: DialectDetector.Overrides(items: nil, paging: nil))
    }

    @Test func tabsAreTheSavedNamesAndAskTheirOwnLists() throws {
        let source = SavedTabsSource(title: "gh", lists: [("issues", try Self.unread("http://127.0.0.1:1/repos/a/issues")),
                                                          ("pulls", try Self.unread("http://127.0.0.1:1/repos/a/pulls"))])
        #expect(source.tabs.map(\.title) == ["Issues", "Pulls"])
        #expect(source.tabs.map(\.kind.rawValue) == ["issues", "pulls"])
        #expect(source.firstPage(for: ListQuery(kind: ItemKind(rawValue: "pulls"))).http.url.absoluteString == "http://127.0.0.1:1/repos/a/pulls")
        #expect(source.firstPage(for: ListQuery(kind: ItemKind(rawValue: "issues"))).http.url.absoluteString == "http://127.0.0.1:1/repos/a/issues")
    }

    @Test func aQueryOfNoTabAsksTheFirstList() throws {
        let source = SavedTabsSource(title: "gh", lists: [("issues", try Self.unread("http://127.0.0.1:1/issues"))])
        #expect(source.firstPage(for: ListQuery(kind: ItemKind(rawValue: "nope"))).http.url.absoluteString == "http://127.0.0.1:1/issues")
    }
}
