import PortalCore

/// One API saved under `[apis.NAME]` in the config file: everything a run would otherwise
/// repeat on the command line (`--url`, `--header`, the key), so `portal NAME` is enough.
public struct SavedAPI: Sendable, Equatable {
    public var name: String
    /// A list, or the API root each of `lists`' paths is joined to.
    public var url: String?
    /// Stored now; used once OpenAPI support lands.
    public var openapi: String?
    /// Stored now; used once GraphQL support lands.
    public var graphql: String?
    /// A built-in preset, e.g. `rickandmorty`.
    public var kind: String?
    public var headers: [String: String]
    public var auth: SavedAuth?
    /// In the file's order: they become the browser's tabs.
    public var lists: [SavedList]
    public var pageSize: Int?
    public var pictures: String?
    public var picturesOrigin: String?

    public init(
        name: String, url: String? = nil, openapi: String? = nil, graphql: String? = nil, kind: String? = nil,
        headers: [String: String] = [:], auth: SavedAuth? = nil, lists: [SavedList] = [], pageSize: Int? = nil,
        pictures: String? = nil, picturesOrigin: String? = nil
    ) {
        self.name = name
        self.url = url
        self.openapi = openapi
        self.graphql = graphql
        self.kind = kind
        self.headers = headers
        self.auth = auth
        self.lists = lists
        self.pageSize = pageSize
        self.pictures = pictures
        self.picturesOrigin = picturesOrigin
    }

    /// The URL of `list`: its path joined to `url` as OpenAPI joins a path to a server URL
    /// (the server's path kept, one slash between); an absolute `http(s)` path as it is.
    public func url(of list: SavedList) -> String? {
        if list.path.hasPrefix("http://") || list.path.hasPrefix("https://") { return list.path }
        guard let url else { return nil }
        var root = url
        while root.hasSuffix("/") { root.removeLast() }
        return list.path.hasPrefix("/") ? root + list.path : root + "/" + list.path
    }
}

/// One list of a saved API: `name = "/path"`, or `{ path, items, paging, fields }` with the
/// same meaning as `--items`, `--paging` and `--fields`.
public struct SavedList: Sendable, Equatable {
    public var name: String
    public var path: String
    public var items: String?
    public var paging: String?
    public var fields: [String]?
    /// What the list looks like and how it pages, as written (`key`, `paging` as a table,
    /// `card`, `detail`, `by_keys`, `filters`: `ListSpec`); empty when the heuristics choose.
    public var spec: ListSpec

    public init(name: String, path: String, items: String? = nil, paging: String? = nil, fields: [String]? = nil, spec: ListSpec = ListSpec()) {
        self.name = name
        self.path = path
        self.items = items
        self.paging = paging
        self.fields = fields
        self.spec = spec
    }
}

/// How a saved API signs its requests. Every secret is a `SecretReference`, resolved only
/// when a request needs it.
public enum SavedAuth: Sendable, Equatable {
    case bearer(SecretReference)
    /// `"user:password"`.
    case basic(SecretReference)
    case header(name: String, value: SecretReference)
    case supabase(email: String, password: SecretReference, key: SecretReference?)
    case oauth2(OAuth2ClientCredentials)

    /// What `portal apis` shows: the kind and where its secrets come from.
    public var summary: String {
        switch self {
        case .bearer(let token): "bearer \(token.summary)"
        case .basic(let pair): "basic \(pair.summary)"
        case .header(let name, let value): "header \(name) \(value.summary)"
        case .supabase(let email, let password, _): "supabase \(email) \(password.summary)"
        case .oauth2(let grant): "oauth2 \(grant.clientID) \(grant.clientSecret.summary)"
        }
    }
}

/// RFC 6749 §4.4 client credentials as the config names them.
public struct OAuth2ClientCredentials: Sendable, Equatable {
    public var tokenURL: String
    public var clientID: String
    public var clientSecret: SecretReference
    public var scope: String?

    public init(tokenURL: String, clientID: String, clientSecret: SecretReference, scope: String? = nil) {
        self.tokenURL = tokenURL
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.scope = scope
    }
}
