import Foundation
import PortalCore
import PortalOpenAPI

// Compiled twice: into fuzz-openapi and, through a symlink, into PortalOpenAPITests,
// whose regression tests replay what it found. Keep it to PortalOpenAPI and PortalCore.

/// A property every document must keep, broken by a fuzz input (besides crashing).
public struct OpenAPIFuzzInvariantBroken: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// What fuzz-openapi does with its bytes (docs/fuzzing.md).
public enum OpenAPIFuzzEntryPoint {
    /// Bounds small enough for a few-KiB input to reach each of them.
    static let tightLimits = DocumentLimits(maxBytes: 8 << 10, maxValues: 400, maxDepth: 12)
    static let documentURL = URL(string: "https://api.test/v1/openapi.json")

    /// The OpenAPI document reader: any bytes, as a document read from a URL and from a
    /// file (`OpenAPITabs.parse`: `DocumentLimits`, the YAML and JSON shape checks, the
    /// version, OpenAPIKit's decoding, the paths' order, the lists and their paging), and
    /// read again under tight limits. Never a trap, never a hang (libFuzzer's timeout);
    /// a refusal is one drawable line; every list found is served over http(s) from a
    /// host, named by a drawable name; a document refused as too large under the standard
    /// limits is refused under the tight ones too.
    public static func document(_ bytes: [UInt8]) throws {
        let data = Data(bytes)
        var refusedAsLarge = false
        for url in [documentURL, nil] {
            do {
                let tabs = try OpenAPITabs.parse(data, documentURL: url)
                try expectDrawable(tabs.title, "title")
                for list in tabs.lists {
                    try expectDrawable(list.name, "list name")
                    guard let scheme = list.url.scheme?.lowercased(), ["http", "https"].contains(scheme), list.url.host != nil else {
                        throw OpenAPIFuzzInvariantBroken("a list served from \(list.url.absoluteString.debugDescription)")
                    }
                }
            } catch let error as OpenAPIDocumentError {
                try expectDrawable(error.description, "refusal")
                refusedAsLarge = refusedAsLarge || error.isLimit
            }
        }
        do {
            _ = try OpenAPIDocumentReader.read(data, limits: tightLimits)
            if refusedAsLarge { throw OpenAPIFuzzInvariantBroken("refused as too large, then read under tighter limits") }
        } catch let error as OpenAPIDocumentError {
            try expectDrawable(error.description, "refusal under tight limits")
        }
    }

    static func expectDrawable(_ text: String, _ what: String) throws {
        if text.contains("\n") || text.unicodeScalars.contains(where: Sanitize.isControl) {
            throw OpenAPIFuzzInvariantBroken("\(what) is not one drawable line: \(text.debugDescription)")
        }
    }
}
