import Foundation
import PortalOpenAPI
import Testing

/// Documents in both versions and both syntaxes, and the ones that are refused.
@Suite struct OpenAPIDocumentReaderTests {
    @Test func readsAThreeOneJSONDocument() throws {
        let text = #"{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{"/things":{"get":{"responses":{"200":{"description":"ok"}}}}}}"#
        let document = try OpenAPIDocumentReader.read(Data(text.utf8))
        #expect(document.paths.count == 1)
    }

    @Test func readsAThreeZeroYAMLDocument() throws {
        let text = """
            openapi: 3.0.3
            info: {title: t, version: "1"}
            paths:
              /things:
                get:
                  responses:
                    "200": {description: ok}
            """
        let document = try OpenAPIDocumentReader.read(Data(text.utf8))
        #expect(document.paths.count == 1)
    }

    @Test(arguments: [
        (#"{"swagger":"2.0","info":{"title":"t","version":"1"},"paths":{}}"#, "Swagger 2.0 is not read"),
        (#"{"info":{"title":"t"}}"#, "no 'openapi' version field"),
        ("<html>hello</html>", "not an OpenAPI document"),
        (#"{"openapi":"2.5.0","info":{"title":"t","version":"1"},"paths":{}}"#, "OpenAPI 2.5.0 is not read"),
        (#"{"openapi":"3.1.0","paths":{}}"#, "not a valid OpenAPI 3.1.0 document"),
    ])
    func refusesWhatIsNoDocumentSayingWhy(text: String, message: String) {
        #expect {
            _ = try OpenAPIDocumentReader.read(Data(text.utf8))
        } throws: { error in
            (error as? OpenAPIDocumentError)?.description.contains(message) == true
        }
    }
}
