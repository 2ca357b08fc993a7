import Foundation
import PortalCore
import PortalOpenAPI
import Testing

/// An operation's string query parameters with no `enum` are free-text filters
/// (`OpenAPIList.textParameters`, what `portal mcp` lets an agent send), apart from those
/// that page, search or shape the answer; enum and boolean ones stay the form's `filters`.
@Suite struct OpenAPITextParametersTests {
    static let document = """
        openapi: 3.0.3
        info: {title: Shows, version: "1"}
        paths:
          /api/character:
            get:
              parameters:
                - {name: page, in: query, schema: {type: integer}}
                - {name: name, in: query, schema: {type: string}}
                - {name: status, in: query, schema: {type: string, enum: [alive, dead, unknown]}}
                - {name: species, in: query, schema: {type: string}}
                - {name: type, in: query, schema: {type: string}}
                - {name: ordering, in: query, schema: {type: string}}
                - {name: cursor, in: query, schema: {type: string}}
                - {name: min_age, in: query, schema: {type: integer}}
              responses:
                "200":
                  description: ok
                  content:
                    application/json:
                      schema: {type: array, items: {type: object, properties: {id: {type: integer}}}}
        """

    @Test func freeTextQueryParametersAreTheTextFilters() throws {
        let tabs = try OpenAPITabs.parse(Data(Self.document.utf8), documentURL: URL(string: "http://shows.test/openapi.yaml"))
        let list = try #require(tabs.lists.first)
        #expect(list.textParameters == ["species", "type"])
        #expect(list.searchKey == "name" && list.filters.map(\.key) == ["status"])
    }
}
