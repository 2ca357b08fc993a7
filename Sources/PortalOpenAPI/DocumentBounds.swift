import Foundation
import PortalCore

/// How large a description portal reads: its bytes, its values once YAML's aliases are
/// expanded, and how deep they nest. Checked before any library builds the document, so a
/// hostile one is refused in about the time it takes to read its bytes: a 1 KB YAML file
/// whose aliases nest nine to a level ("billion laughs") expands to 9⁹ values, which a
/// decoder walking the expansion never finishes; a document nested thousands deep
/// overflows a recursive decoder's stack.
///
/// The standard bounds are above any real description: GitHub Enterprise's (2.5 MB of
/// YAML) is 112,124 values nested 16 deep with no alias; GitHub's whole REST API (about
/// 11 MB of JSON) is about half a million values. Values bound the time too: decoding
/// walks each one (GitHub Enterprise's takes 16 s in a debug build), so a million is the
/// most a document may cost.
public struct DocumentLimits: Sendable, Equatable {
    /// Bytes of the document as read.
    public var maxBytes: Int
    /// Values (scalars, sequences, mappings; an alias counts as everything it stands for).
    public var maxValues: Int
    /// Sequences and mappings open at once.
    public var maxDepth: Int

    public init(maxBytes: Int = 64 << 20, maxValues: Int = 1_000_000, maxDepth: Int = 128) {
        self.maxBytes = maxBytes
        self.maxValues = maxValues
        self.maxDepth = maxDepth
    }

    public static let standard = DocumentLimits()

    /// The one line a document past a bound is refused with.
    func refusal(_ what: String) -> OpenAPIDocumentError {
        OpenAPIDocumentError("the document is too large to read: \(what)", isLimit: true)
    }

    func checkBytes(_ count: Int) throws(OpenAPIDocumentError) {
        guard count <= maxBytes else {
            throw refusal("over " + (maxBytes >= 1 << 20 ? "\(maxBytes >> 20) MB" : "\(Self.grouped(maxBytes)) bytes"))
        }
    }

    func tooManyValues() -> OpenAPIDocumentError {
        refusal("more than \(Self.grouped(maxValues)) values (YAML aliases count as what they repeat)")
    }

    func tooDeep() -> OpenAPIDocumentError {
        refusal("nested more than \(maxDepth) deep")
    }

    /// `3000000` as `3,000,000`.
    static func grouped(_ number: Int) -> String {
        var digits = Array(String(number))
        var index = digits.count - 3
        while index > 0 {
            digits.insert(",", at: index)
            index -= 3
        }
        return String(digits)
    }
}
