import Foundation
import PortalCore
import PortalOpenAPI
import Testing

/// Which operations become lists, how they are named, where they are, and what the
/// document says about their filters, search and items.
@Suite struct OpenAPIListFinderTests {
    static let drfLike = """
        openapi: 3.0.3
        info: {title: Shop, version: "1"}
        servers: [{url: /v1}]
        paths:
          /api/characters/:
            get:
              operationId: api_characters_list
              parameters:
                - {name: page, in: query, schema: {type: integer}}
                - {name: search, in: query, schema: {type: string}}
                - {name: status, in: query, schema: {type: string, enum: [alive, dead, unknown]}}
                - {name: has_image, in: query, schema: {type: boolean}}
              responses:
                "200":
                  description: ok
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/PaginatedCharacterList"}
          /api/characters/{id}/:
            get:
              parameters: [{name: id, in: path, required: true, schema: {type: integer}}]
              responses: {"200": {description: ok, content: {application/json: {schema: {$ref: "#/components/schemas/Character"}}}}}
          /api/users/{user}/repos:
            get:
              parameters: [{name: user, in: path, required: true, schema: {type: string}}]
              responses: {"200": {description: ok, content: {application/json: {schema: {type: array, items: {type: object}}}}}}
          /api/health:
            get:
              responses: {"200": {description: ok, content: {application/json: {schema: {type: object, properties: {ok: {type: boolean}}}}}}}
          /api/orders:
            post:
              responses: {"200": {description: ok, content: {application/json: {schema: {type: array, items: {type: object}}}}}}
          /api/search:
            get:
              parameters: [{name: term, in: query, required: true, schema: {type: string}}]
              responses: {"200": {description: ok, content: {application/json: {schema: {type: array, items: {type: object}}}}}}
          /v2/items:
            get:
              operationId: listItemsV2
              responses: {"200": {description: ok, content: {application/json: {schema: {type: array, items: {type: object}}}}}}
          /v3/items:
            get:
              operationId: listItemsV3
              responses: {"200": {description: ok, content: {application/json: {schema: {type: object, properties: {data: {type: array, items: {type: object}}, total: {type: integer}}}}}}}
        components:
          schemas:
            Character:
              type: object
              properties: {id: {type: integer}, name: {type: string}}
            PaginatedCharacterList:
              type: object
              properties:
                count: {type: integer}
                next: {type: string, nullable: true}
                results: {type: array, items: {$ref: "#/components/schemas/Character"}}
        """

    @Test func listsAreTheGetOperationsWithoutPathParametersThatAnswerAList() throws {
        let tabs = try OpenAPITabs.parse(Data(Self.drfLike.utf8), documentURL: URL(string: "http://127.0.0.1:9/docs/schema.yaml"))
        #expect(tabs.title == "Shop")
        #expect(tabs.lists.map(\.name) == ["characters", "listItemsV2", "listItemsV3"])
        let characters = try #require(tabs.list(named: "characters"))
        // `servers: [{url: /v1}]` is relative to where the document was read.
        #expect(characters.url.absoluteString == "http://127.0.0.1:9/v1/api/characters/")
        #expect(characters.declared?.items == ["results"])
        #expect(characters.searchKey == "search")
        #expect(characters.filters == [
            FilterSpec(key: "status", label: "status", choices: ["alive", "dead", "unknown"]),
            FilterSpec(key: "has_image", label: "has_image", choices: ["true", "false"]),
        ])
        #expect(characters.detail == OpenAPIDetail(template: "http://127.0.0.1:9/v1/api/characters/{id}/", param: "id", field: "id"))
        #expect(characters.detail?.url(for: "42")?.absoluteString == "http://127.0.0.1:9/v1/api/characters/42/")
        #expect(tabs.list(named: "listItemsV3")?.declared?.items == ["data"])
        #expect(tabs.list(named: "listItemsV2")?.declared?.items == [])
    }

    @Test func withoutServersTheListsAreOnTheDocumentsOrigin() throws {
        let text = #"{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{"/items":{"get":{"responses":{"200":{"description":"ok","content":{"application/json":{"schema":{"type":"array","items":{"type":"object"}}}}}}}}}}"#
        let tabs = try OpenAPITabs.parse(Data(text.utf8), documentURL: URL(string: "http://127.0.0.1:8000/openapi.json"))
        #expect(tabs.lists.map(\.url.absoluteString) == ["http://127.0.0.1:8000/items"])
    }

    @Test func aDocumentReadFromAFileNeedsAnAbsoluteServer() throws {
        #expect {
            _ = try OpenAPITabs.parse(Data(Self.drfLike.utf8), documentURL: nil)
        } throws: { error in
            (error as? OpenAPIDocumentError)?.description.contains("a document read from a file needs one") == true
        }
        let absolute = Self.drfLike.replacingOccurrences(of: "servers: [{url: /v1}]", with: "servers: [{url: 'https://shop.example/v1/'}]")
        let tabs = try OpenAPITabs.parse(Data(absolute.utf8), documentURL: nil)
        #expect(tabs.lists.first?.url.absoluteString == "https://shop.example/v1/api/characters/")
    }

    @Test func aDocumentWithNoListSaysSo() throws {
        let text = #"{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{"/health":{"get":{"responses":{"200":{"description":"ok"}}}}}}"#
        #expect {
            _ = try OpenAPITabs.parse(Data(text.utf8), documentURL: URL(string: "http://127.0.0.1:1/openapi.json"))
        } throws: { error in
            (error as? OpenAPIDocumentError)?.description.contains("describes no list") == true
        }
    }

    /// FastAPI writes an optional enum parameter as `anyOf: [{$ref: Enum}, {type: null}]`.
    @Test func anOptionalEnumThroughARefBecomesTheFiltersChoices() throws {
        let text = """
            {"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{"/items/":{"get":{"parameters":[
              {"name":"status","in":"query","required":false,"schema":{"anyOf":[{"$ref":"#/components/schemas/Status"},{"type":"null"}],"title":"Status"}},
              {"name":"q","in":"query","required":false,"schema":{"anyOf":[{"type":"string"},{"type":"null"}]}},
              {"name":"limit","in":"query","required":false,"schema":{"type":"integer","default":20}}],
              "responses":{"200":{"description":"ok","content":{"application/json":{"schema":{"type":"array","items":{"$ref":"#/components/schemas/Item"}}}}}}}}},
             "components":{"schemas":{"Status":{"type":"string","enum":["alive","dead"],"title":"Status"},"Item":{"type":"object","properties":{"id":{"type":"integer"}}}}}}
            """
        let list = try #require(try OpenAPITabs.parse(Data(text.utf8), documentURL: URL(string: "http://127.0.0.1:1/openapi.json")).lists.first)
        #expect(list.name == "items")
        #expect(list.searchKey == "q")
        #expect(list.filters == [FilterSpec(key: "status", label: "status", choices: ["alive", "dead"])])
    }
}
