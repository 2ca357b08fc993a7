import Foundation
import OpenAPIKit
import OpenAPIKit30
import OpenAPIKitCompat
import PortalCore
import Yams
import PortalJSON

/// Reads an OpenAPI document's bytes, 3.0 or 3.1, JSON or YAML, into OpenAPIKit's 3.1
/// model (a 3.0 document goes through OpenAPIKitCompat's converter), so the rest of the
/// target reads one model. Anything else — Swagger 2.0, no `openapi` field, a document the
/// library refuses — is an `OpenAPIDocumentError` saying what was wrong, never a guess.
/// A document past `DocumentLimits` (its bytes, its values with YAML's aliases expanded,
/// its depth) is refused before any decoder walks it.
public enum OpenAPIDocumentReader {
    /// The biggest document read (GitHub's whole REST description is about 11 MB of JSON).
    public static let maxBytes = DocumentLimits.standard.maxBytes

    public static func read(_ data: Data, limits: DocumentLimits = .standard) throws(OpenAPIDocumentError) -> OpenAPIKit.OpenAPI.Document {
        try limits.checkBytes(data.count)
        let isJSON = data.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }) == UInt8(ascii: "{")
        // What the decoder reads: JSON written again from its tree, YAML composed with plain tags.
        let parsed: Parsed
        if isJSON {
            parsed = .json(JSONShape.canonical(try JSONShape.check(data, limits: limits)))
        } else {
            try YAMLShape.check(data, limits: limits)
            parsed = .yaml(try YAMLTree.compose(data))
        }
        let version = try versionField(parsed)
        do {
            if version.hasPrefix("3.0") {
                let old: OpenAPIKit30.OpenAPI.Document = try decode(parsed)
                return old.convert(to: .v3_1_1)
            }
            if version.hasPrefix("3.1") || version.hasPrefix("3.2") {
                return try decode(parsed)
            }
        } catch {
            throw OpenAPIDocumentError("not a valid OpenAPI \(Sanitize.line(version)) document: " + describe(error))
        }
        throw OpenAPIDocumentError("OpenAPI \(Sanitize.line(version)) is not read (3.0 and 3.1 are)")
    }

    /// A document file's bytes, at most `limits.maxBytes` of them read: a larger file (or
    /// a device or pipe that never ends) is refused, not read whole first.
    public static func readFile(_ path: String, limits: DocumentLimits = .standard) throws -> Data {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        var data = Data()
        while data.count <= limits.maxBytes, let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            data.append(chunk)
        }
        try limits.checkBytes(data.count)
        return data
    }

    /// The keys of `paths` in the order the document writes them (the decoded model's
    /// order is not the text's on every platform); empty when they cannot be read.
    public static func pathOrder(_ data: Data) -> [String] {
        let isJSON = data.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }) == UInt8(ascii: "{")
        if isJSON {
            return (try? JSONNode.parse(data).node["paths"]?.fields?.map(\.key)) ?? []
        }
        let node = try? Yams.compose(yaml: String(decoding: data, as: UTF8.self))
        return node?.mapping?["paths"]?.mapping?.keys.compactMap(\.string) ?? []
    }

    /// The `openapi` field, read before the whole document so a Swagger 2.0 file or a
    /// page that is no document gets its own message.
    static func versionField(_ parsed: Parsed) throws(OpenAPIDocumentError) -> String {
        struct Head: Decodable {
            var openapi: String?
            var swagger: String?
        }
        let head: Head
        do {
            head = try decode(parsed)
        } catch {
            throw OpenAPIDocumentError("not an OpenAPI document (neither JSON nor YAML holding an object): " + describe(error))
        }
        if let swagger = head.swagger {
            throw OpenAPIDocumentError("Swagger \(Sanitize.line(swagger)) is not read; convert it to OpenAPI 3 (e.g. with swagger2openapi)")
        }
        guard let version = head.openapi else { throw OpenAPIDocumentError("not an OpenAPI document: no 'openapi' version field") }
        return version
    }

    /// A document as the decoder reads it.
    enum Parsed {
        case json(Data)
        case yaml(Node)
    }

    static func decode<T: Decodable>(_ parsed: Parsed) throws -> T {
        switch parsed {
        case .json(let data): try JSONDecoder().decode(T.self, from: data)
        case .yaml(let node): try YAMLDecoder().decode(T.self, from: node)
        }
    }

    /// One line for a decoding error: OpenAPIKit's own wording with the path where it is.
    static func describe(_ error: any Error) -> String {
        let wrapped = OpenAPIKit.OpenAPI.Error(from: error).localizedDescription
        let words = wrapped.split(whereSeparator: { $0.isWhitespace || $0.unicodeScalars.allSatisfy { $0.properties.generalCategory == .control } })
        return Sanitize.line(String(words.joined(separator: " ").prefix(400)))
    }
}

/// Why a document could not be used; one line, for stderr (the CLI exits 2, or 1 for a
/// document past `DocumentLimits`).
public struct OpenAPIDocumentError: Error, Sendable, CustomStringConvertible {
    public let description: String
    /// The document is past a `DocumentLimits` bound (too large to read, not malformed).
    public let isLimit: Bool

    public init(_ description: String, isLimit: Bool = false) {
        self.description = description
        self.isLimit = isLimit
    }
}
