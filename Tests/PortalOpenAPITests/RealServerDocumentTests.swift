import Foundation
import PortalOpenAPI
import Testing

/// Documents as real frameworks write them (bench/real-servers.sh serves the real ones).
@Suite struct RealServerDocumentTests {
    /// drf-spectacular's document as it comes without `SPECTACULAR_SETTINGS`: an empty
    /// title, which left the header reading `portal ·   1 Characters`.
    static let drfSpectacular = """
    openapi: 3.0.3
    info:
      title: ''
      version: 0.0.0
    paths:
      /api/characters/:
        get:
          operationId: characters_list
          parameters:
          - name: page
            required: false
            in: query
            description: A page number within the paginated result set.
            schema:
              type: integer
          responses:
            '200':
              content:
                application/json:
                  schema:
                    $ref: '#/components/schemas/PaginatedCharacterList'
              description: ''
    components:
      schemas:
        Character:
          type: object
          properties:
            id:
              type: integer
              readOnly: true
            name:
              type: string
              maxLength: 200
          required:
          - id
          - name
        PaginatedCharacterList:
          type: object
          required:
          - count
          - results
          properties:
            count:
              type: integer
              example: 123
            next:
              type: string
              nullable: true
              format: uri
            previous:
              type: string
              nullable: true
              format: uri
            results:
              type: array
              items:
                $ref: '#/components/schemas/Character'
    """

    @Test func anEmptyTitleIsNamedOpenAPI() throws {
        let tabs = try OpenAPITabs.parse(Data(Self.drfSpectacular.utf8), documentURL: URL(string: "http://127.0.0.1:8103/api/schema/"))
        #expect(tabs.title == "OpenAPI")
        #expect(tabs.lists.map(\.name) == ["characters"])
        let titled = Self.drfSpectacular.replacingOccurrences(of: "title: ''", with: "title: Characters API")
        #expect(try OpenAPITabs.parse(Data(titled.utf8), documentURL: URL(string: "http://127.0.0.1:8103/api/schema/")).title == "Characters API")
    }
}
