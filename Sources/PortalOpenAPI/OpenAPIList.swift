import Foundation
import PortalCore

/// One list an OpenAPI document describes: a GET operation with no path parameter whose
/// answer is a list (an array, or an object holding one). A plain value, so the config
/// file's `openapi =` (PortalConfig) and the CLI both take lists from `OpenAPITabs.load`
/// without knowing OpenAPIKit.
public struct OpenAPIList: Sendable, Hashable {
    /// The tab's name: the last path segment that is no parameter (`characters`), or the
    /// operationId where two lists would share it.
    public var name: String
    /// The path as the document writes it (`/api/characters/`).
    public var path: String
    public var operationID: String?
    /// The server URL joined with the path: the list's first page.
    public var url: URL
    /// The items' place and paging the vendor extensions (or the response schema) declare.
    public var declared: DeclaredList?
    /// A string `search`, `q`, `query` or `name` parameter: the `/` search.
    public var searchKey: String?
    /// Query parameters with an `enum` (or booleans): the `f` form's fields, with choices.
    public var filters: [FilterSpec]
    /// `GET /characters/{id}`: an item's detail.
    public var detail: OpenAPIDetail?
    /// Query parameters taking free text (a string with no `enum`) that neither page, search
    /// nor order the list (`species`, `type`): filters an agent may send (`portal mcp`).
    /// The `f` form keeps to `filters`.
    public var textParameters: [String] = []

    public init(name: String, path: String, operationID: String? = nil, url: URL, declared: DeclaredList? = nil,
                searchKey: String? = nil, filters: [FilterSpec] = [], detail: OpenAPIDetail? = nil) {
        self.name = name
        self.path = path
        self.operationID = operationID
        self.url = url
        self.declared = declared
        self.searchKey = searchKey
        self.filters = filters
        self.detail = detail
    }

    /// The tab's title: the name with its first letter upper case.
    public var title: String { name.prefix(1).uppercased() + name.dropFirst() }
}

/// An item operation beside a list (`GET /characters/{id}`): the item's URL is the
/// template with the item's `field` value in place of `{param}`.
public struct OpenAPIDetail: Sendable, Hashable {
    /// The server URL joined with the path, `{param}` still in it.
    public var template: String
    /// The path parameter's name.
    public var param: String
    /// The item field that fills it: `id`, or the parameter's own name when items have such a field.
    public var field: String

    public init(template: String, param: String, field: String = "id") {
        self.template = template
        self.param = param
        self.field = field
    }

    /// The item's URL for `value` (percent-encoded as one path segment); nil when it does not make a URL.
    public func url(for value: String) -> URL? {
        guard !value.isEmpty, let encoded = value.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#")))
        else { return nil }
        return URL(string: template.replacingOccurrences(of: "{\(param)}", with: encoded))
    }
}
