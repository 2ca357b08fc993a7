import Foundation
import PortalCore

/// One page of a node's nested list, as a URL on the endpoint (so it is an `ItemLink`
/// the detail shows and the pane pages): the node's type and id, the field, and the
/// cursor after which the page starts. Never sent as written: `GraphQLSource.linkRequest`
/// turns it into the POST of the list's query.
public struct GraphQLNestedLink: Sendable, Hashable {
    public var type: String
    public var id: String
    public var field: String
    public var after: String?

    static let names = (type: "portal-node-type", id: "portal-node-id", field: "portal-list", after: "portal-after")

    public init(type: String, id: String, field: String, after: String? = nil) {
        self.type = type
        self.id = id
        self.field = field
        self.after = after
    }

    /// The link as a URL on `endpoint`.
    public func url(on endpoint: URL) -> URL? {
        guard var parts = URLComponents(url: endpoint, resolvingAgainstBaseURL: false) else { return nil }
        var items = [URLQueryItem(name: Self.names.type, value: type), URLQueryItem(name: Self.names.id, value: id),
                     URLQueryItem(name: Self.names.field, value: field)]
        if let after { items.append(URLQueryItem(name: Self.names.after, value: after)) }
        parts.queryItems = (parts.queryItems ?? []) + items
        return parts.url
    }

    /// The nested list `url` names, when it is one on `endpoint`.
    public init?(url: URL, endpoint: URL) {
        guard let parts = URLComponents(url: url, resolvingAgainstBaseURL: false),
              let home = URLComponents(url: endpoint, resolvingAgainstBaseURL: false),
              parts.scheme == home.scheme, parts.host == home.host, parts.port == home.port, parts.path == home.path else { return nil }
        let items = parts.queryItems ?? []
        func value(_ name: String) -> String? { items.last { $0.name == name }?.value }
        guard let type = value(Self.names.type), let id = value(Self.names.id), let field = value(Self.names.field),
              GraphQLName.isValid(type), GraphQLName.isValid(field) else { return nil }
        self.init(type: type, id: id, field: field, after: value(Self.names.after))
    }
}
