import Foundation
import PortalOpenAPI
import Testing

/// Hostile descriptions are refused before any decoder walks them (issue 35, item 4):
/// YAML whose aliases multiply ("billion laughs", as values and as mapping keys), nesting
/// deeper than a decoder's stack, more values than any real description has, a file
/// larger than the bound (read no further than it) — in YAML and in JSON alike, each as
/// one line saying which bound, marked as a limit (the CLI exits 1). Real documents,
/// anchors and all, are read as before.
@Suite struct DocumentBoundsTests {
    static let head = """
        openapi: 3.1.0
        info: {title: t, version: "1"}
        paths:
          /things:
            get:
              responses:
                "200": {description: ok}

        """

    /// Nine levels of nine aliases each under a vendor extension (which a decoder reads
    /// whole): about 1 KB that expands to 9⁹ values.
    static func laughs(levels: Int = 9, asKeys: Bool = false) -> String {
        var text = head + "x-laughs:\n  l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1..<levels {
            let previous = "*l\(level - 1)"
            if asKeys {
                // Mapping keys: composing the document hashes each key whole.
                let pairs = (0..<9).map { "? [\(previous), \($0)] : \($0)" }.joined(separator: ", ")
                text += "  l\(level): &l\(level) {\(pairs)}\n"
            } else {
                text += "  l\(level): &l\(level) [\(Array(repeating: previous, count: 9).joined(separator: ", "))]\n"
            }
        }
        return text
    }

    static func refusal(_ text: String, limits: DocumentLimits = .standard) -> OpenAPIDocumentError? {
        do {
            _ = try OpenAPIDocumentReader.read(Data(text.utf8), limits: limits)
            return nil
        } catch {
            return error
        }
    }

    @Test func billionLaughsIsRefusedBeforeItIsExpanded() throws {
        let text = Self.laughs()
        #expect(text.utf8.count < 1_200)
        let error = try #require(Self.refusal(text))
        #expect(error.isLimit)
        #expect(error.description == "the document is too large to read: more than 1,000,000 values (YAML aliases count as what they repeat)")
    }

    @Test func aliasesAsMappingKeysAreCountedToo() throws {
        let error = try #require(Self.refusal(Self.laughs(asKeys: true)))
        #expect(error.isLimit, "\(error)")
    }

    @Test func aFewLevelsOfAliasesAreReadWhenWithinTheBound() throws {
        // 9⁴ = 6,561 values: within the standard bound, past a bound of 5,000.
        let text = Self.laughs(levels: 4)
        #expect(Self.refusal(text) == nil)
        #expect(Self.refusal(text, limits: DocumentLimits(maxValues: 5_000))?.isLimit == true)
    }

    @Test func anchorsAsRealDocumentsUseThemAreRead() throws {
        let text = """
            openapi: 3.0.3
            info: {title: t, version: "1"}
            paths:
              /things:
                get:
                  responses: &ok
                    "200": {description: ok, content: {application/json: {schema: {type: array, items: {type: object}}}}}
              /others:
                get:
                  responses: *ok
            """
        let document = try OpenAPIDocumentReader.read(Data(text.utf8))
        #expect(document.paths.count == 2)
    }

    @Test(arguments: [false, true])
    func nestingDeeperThanTheBoundIsRefused(flow: Bool) throws {
        let depth = 900
        var text = Self.head + "x-deep: "
        if flow {
            text += String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        } else {
            for level in 0..<depth { text += "\n" + String(repeating: " ", count: level + 2) + "- " }
            text += "1"
        }
        let error = try #require(Self.refusal(text))
        #expect(error.isLimit && error.description == "the document is too large to read: nested more than 128 deep", "\(error)")
    }

    @Test func jsonIsBoundedAlike() throws {
        let deep = #"{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{},"x-deep":"# + String(repeating: "[", count: 400) + String(repeating: "]", count: 400) + "}"
        #expect(Self.refusal(deep)?.description == "the document is too large to read: nested more than 128 deep")
        let many = #"{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{},"x-many":["# + Array(repeating: "0", count: 2_000).joined(separator: ",") + "]}"
        #expect(Self.refusal(many) == nil)
        let refused = try #require(Self.refusal(many, limits: DocumentLimits(maxValues: 1_000)))
        #expect(refused.isLimit && refused.description.contains("more than 1,000 values"), "\(refused)")
        #expect(Self.refusal(many, limits: DocumentLimits(maxBytes: 1_000))?.description == "the document is too large to read: over 1,000 bytes")
    }

    @Test func aFileIsReadNoFurtherThanTheBound() throws {
        // /dev/zero never ends: read whole first, it would take all memory.
        #expect {
            _ = try OpenAPIDocumentReader.readFile("/dev/zero", limits: DocumentLimits(maxBytes: 4 << 20))
        } throws: { error in
            (error as? OpenAPIDocumentError)?.isLimit == true
        }
    }
}
