import Foundation
import OpenAPIKit
import PortalCore
import PortalPaging

/// What a response or parameter schema is, read through `$ref`s (the components'
/// schemas, followed by OpenAPIKit, a cycle or a missing one being no shape) and through
/// `allOf` (merged), `anyOf`/`oneOf` (FastAPI's `X | None`: the one that is not null).
struct SchemaShapes {
    let components: OpenAPI.Components

    /// The schema behind references; nil for a reference that leads nowhere.
    func resolved(_ schema: JSONSchema, depth: Int = 0) -> JSONSchema? {
        guard depth < 16 else { return nil }
        if schema.isReference { return (try? components.lookup(schema)).flatMap { resolved($0, depth: depth + 1) } }
        switch schema.value {
        case .any(of: let options, core: _), .one(of: let options, core: _):
            let real = options.compactMap { resolved($0, depth: depth + 1) }.filter { !$0.isNull }
            return real.count == 1 ? real[0] : schema
        default:
            return schema
        }
    }

    func resolved(_ either: Either<OpenAPI.Reference<JSONSchema>, JSONSchema>) -> JSONSchema? {
        switch either {
        case .a(let reference): (try? components.lookup(reference)).flatMap { resolved($0) }
        case .b(let schema): resolved(schema)
        }
    }

    /// An object's properties, `allOf` parts merged in order; empty for anything else.
    func properties(_ schema: JSONSchema, depth: Int = 0) -> [(name: String, schema: JSONSchema)] {
        guard depth < 8, let schema = resolved(schema) else { return [] }
        if case .all(of: let parts, core: _) = schema.value {
            return parts.flatMap { properties($0, depth: depth + 1) }
        }
        return schema.objectContext.map { context in context.properties.map { ($0.key, $0.value) } } ?? []
    }

    func isArray(_ schema: JSONSchema) -> Bool { resolved(schema)?.isArray == true }

    /// Where a list answer's items are: `[]` for a top-level array, `[key]` for an object
    /// holding one (the detector's item keys first, then `_embedded.<name>`, then the first
    /// array); nil when the answer is no list.
    func itemsPath(_ schema: JSONSchema) -> [String]? {
        if isArray(schema) { return [] }
        let fields = properties(schema)
        let arrays = fields.filter { isArray($0.schema) }.map(\.name)
        if let known = DialectDetector.itemKeys.first(where: arrays.contains) { return [known] }
        if let embedded = fields.first(where: { $0.name == "_embedded" }),
           let inner = properties(embedded.schema).first(where: { isArray($0.schema) }) {
            return ["_embedded", inner.name]
        }
        return arrays.first.map { [$0] }
    }

    /// The schema of one item of the list at `items`.
    func itemSchema(_ schema: JSONSchema, items: [String]) -> JSONSchema? {
        var here: JSONSchema? = schema
        for key in items { here = here.flatMap { properties($0).first { $0.name == key }?.schema } }
        return here.flatMap { resolved($0)?.arrayContext?.items }
    }

    /// The response fields (one level, and the root as `[]`) with their vendor extensions,
    /// for Stainless' markers.
    func fieldExtensions(_ schema: JSONSchema) -> [(path: [String], extensions: [String: AnyCodable])] {
        var out: [(path: [String], extensions: [String: AnyCodable])] = []
        if let root = resolved(schema) { out.append(([], root.vendorExtensions)) }
        for field in properties(schema) {
            out.append(([field.name], field.schema.vendorExtensions))
            if let inner = resolved(field.schema), !inner.isArray {
                for nested in properties(inner) { out.append(([field.name, nested.name], nested.schema.vendorExtensions)) }
            }
        }
        return out.filter { !$0.extensions.isEmpty }
    }

    /// The values a parameter takes when the document lists them: an `enum` (in the
    /// schema or one of its `anyOf` options), or a boolean's two; nil for free text.
    func choices(_ schema: JSONSchema) -> [String]? {
        guard let schema = resolved(schema) else { return nil }
        if schema.isBoolean { return ["true", "false"] }
        if let values = schema.allowedValues, !values.isEmpty {
            let texts = values.compactMap { value -> String? in
                switch value.value {
                case let text as String: text
                case let number as Int: String(number)
                case let flag as Bool: flag ? "true" : "false"
                default: nil
                }
            }
            return texts.isEmpty ? nil : texts.map(Sanitize.line)
        }
        if case .any(of: let options, core: _) = schema.value {
            return options.lazy.compactMap { choices($0) }.first
        }
        return nil
    }

    /// Whether a parameter is free text (a string, or untyped).
    func isText(_ schema: JSONSchema) -> Bool {
        guard let schema = resolved(schema) else { return false }
        return schema.isString || schema.jsonType == nil && !schema.isObject && !schema.isArray
    }
}
