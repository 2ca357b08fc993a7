import Foundation
import PortalCore
import PortalPresets
import PortalTestSupport
import Testing
import PortalPaging
import PortalREST

/// How a sort is asked of each server family, and that it is part of the list's identity.
@Suite("ListSort")
struct EachSortStyleAsksInItsServersWordsTests {
    @Test func eachStyleAsksInItsServersWords() throws {
        let url = try #require(URL(string: "https://api.test/v1/repos?per_page=50&sort=old"))
        #expect(ListSort(field: "name", style: .django).applied(to: url).absoluteString == "https://api.test/v1/repos?per_page=50&sort=old&ordering=name")
        #expect(ListSort(field: "owner.login", descending: true, style: .django).parameters.map(\.value) == ["-owner__login"])
        #expect(ListSort(field: "stargazers_count", descending: true, style: .github).applied(to: url).absoluteString
            == "https://api.test/v1/repos?per_page=50&sort=stars&direction=desc")
        #expect(ListSort(field: "name", descending: true, style: .postgrest).postgRESTOrder(then: .byID)?.text == "name.desc,id")
        #expect(ListSort(field: "id", style: .postgrest).postgRESTOrder(then: .byID)?.text == "id.asc")
        #expect(ListSort(field: "name", style: .postgrest).description == "name ↑")
    }

    @Test func aSortedQueryIsAnotherList() {
        var sorted = ListQuery(kind: .character)
        sorted.sort = ListSort(field: "name", style: .postgrest)
        #expect(sorted != ListQuery(kind: .character))
        #expect(sorted.description == "character sorted name ↑")
    }

    @Test func onlyAnyAPIListsTakeAGivenStyle() throws {
        let rickAndMorty = TestData.rickAndMorty(base: BaseURL("https://rickandmortyapi.com/api"))
        #expect(SortStyle.style(for: rickAndMorty, given: .django) == nil)
        #expect(SortStyle.style(for: PostgRESTSource(baseURL: BaseURL("https://x.supabase.co/rest/v1")), given: nil) == .postgrest)
        let url = try #require(URL(string: "https://api.github.com/user/repos"))
        let github = AnyAPISource(pages: AnyAPIPages(url: url, reading: ListReading(items: [], paging: .linkHeader, pageSize: 30)))
        #expect(SortStyle.style(for: github, given: nil) == .github)
        #expect(SortStyle.style(for: github, given: .django) == .django)
    }
}
