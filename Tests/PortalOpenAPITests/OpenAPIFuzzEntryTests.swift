import Foundation
import Testing
import PortalOpenAPI

/// The `fuzz-openapi` entry point (docs/fuzzing.md) holds on real documents and hostile
/// ones: JSON and YAML of both versions, Swagger, a billion laughs, deep nesting, bytes
/// that are no text.
@Suite struct OpenAPIFuzzEntryTests {
    @Test func theEntryPointHoldsOnRealAndHostileDocuments() throws {
        let documents = [
            #"{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{"/things":{"get":{"responses":{"200":{"description":"ok","content":{"application/json":{"schema":{"type":"array","items":{"type":"object"}}}}}}}}}}"#,
            "openapi: 3.0.3\ninfo: {title: \"\\e]0;x\\a\", version: \"1\"}\npaths: {/a: {get: {responses: {\"200\": {description: ok, content: {application/json: {schema: {type: array}}}}}}}}\n",
            #"{"swagger":"2.0"}"#, DocumentBoundsTests.laughs(), DocumentBoundsTests.laughs(levels: 4, asKeys: true),
            DocumentBoundsTests.head + "x: " + String(repeating: "[", count: 200), "", "\u{FEFF}", "{", "- &a [*a]",
        ]
        for document in documents { try OpenAPIFuzzEntryPoint.document(Array(document.utf8)) }
        try OpenAPIFuzzEntryPoint.document([0xFF, 0xFE, 0x00, 0x7B])
    }
}

/// What fuzz-openapi found (docs/fuzzing.md, Findings): JSON that Foundation's decoder
/// checks only when the value is decoded — a NUL, a byte 0xFF, a lone surrogate, a number
/// past Double — under a key an operation does not know made OpenAPIKit trap while
/// describing the failure (`Can't remove items from an empty collection`): portal crashed.
/// Now text that is no JSON is refused by the scanner, and the decoder reads the tree
/// written again (valid UTF-8, finite numbers): each is one line.
@Suite struct OpenAPIFuzzFindingsTests {
    static let regressions = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz/Regressions/fuzz-openapi")

    @Test func theFoundInputIsOneLineNotATrap() throws {
        let found = try Data(contentsOf: Self.regressions.appendingPathComponent("nul-under-an-unknown-operation-key"))
        try OpenAPIFuzzEntryPoint.document([UInt8](found))
        #expect(throws: OpenAPIDocumentError.self) { _ = try OpenAPIDocumentReader.read(found) }
    }

    @Test(arguments: [[0x00], [0xFF], Array(#"\ud800"#.utf8)])
    func valuesTheDecoderChecksLateAreRefusedOrRepaired(inString bytes: [UInt8]) throws {
        let document = Array(#"{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{"/a":{"get":{"pae":""#.utf8) + bytes + Array(#""}}}}"#.utf8)
        try OpenAPIFuzzEntryPoint.document(document)
    }

    /// A key with a tag (`!x get:`) is not found by the decoder's lookup (a tag is part of
    /// a node's identity), and OpenAPIKit trapped describing that under a path item. Keys
    /// are read untagged now: the operation is read as if the tag were not there.
    @Test func aTaggedKeyIsReadAsTheKey() throws {
        let found = try Data(contentsOf: Self.regressions.appendingPathComponent("tagged-key-in-a-path-item"))
        try OpenAPIFuzzEntryPoint.document([UInt8](found))
        for key in ["!:.13 get", "!!str get", "!<tag:x,2024:k> get"] {
            let text = "openapi: 3.0.3\ninfo: {title: S, version: \"1\"}\npaths:\n  /books:\n    \(key):\n      responses:\n        \"200\": {description: ok, content: {application/json: {schema: {type: array, items: {type: object}}}}}\n"
            try OpenAPIFuzzEntryPoint.document(Array(text.utf8))
            let document = try OpenAPIDocumentReader.read(Data(text.utf8))
            #expect(document.paths.first?.value.pathItemValue?.get != nil, "\(key)")
        }
    }

    @Test func aNumberPastDoubleIsOneLine() throws {
        let text = #"{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{"/a":{"get":{"pae":1e999,"x-n":99999999999999999999999}}}}"#
        try OpenAPIFuzzEntryPoint.document(Array(text.utf8))
    }
}
