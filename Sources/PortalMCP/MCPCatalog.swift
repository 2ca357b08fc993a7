import PortalCore

/// The APIs `portal mcp` serves, each opened on its first use: the executable knows how a
/// saved API, a preset or `--url` becomes a `Source` (its flags, its secrets, its sign-in),
/// the server knows none of that and only asks `open`.
public struct MCPCatalog: Sendable {
    public var apis: [MCPAPI]

    public init(apis: [MCPAPI]) {
        self.apis = apis
    }

    public func api(named name: String) -> MCPAPI? { apis.first { $0.name == name } }
}

/// One API of the catalog: its name (what the tools' `api` argument takes), a title, and
/// how to open it. Opening may ask the network (a `--url` list's first page, a GraphQL
/// schema, an OpenAPI document) and sign in; it happens once per session.
public struct MCPAPI: Sendable {
    public var name: String
    public var title: String
    /// Where it comes from, in a few words (`saved in config.toml`, `--url`, `built-in`).
    public var origin: String
    public var open: @Sendable () async throws -> MCPOpenedAPI

    public init(name: String, title: String, origin: String, open: @escaping @Sendable () async throws -> MCPOpenedAPI) {
        self.name = name
        self.title = title
        self.origin = origin
        self.open = open
    }
}

/// An API opened: the source whose tabs are its lists, the transport every request of it
/// goes through (with the caches and the trace), and what is known of each list's paging.
public struct MCPOpenedAPI: Sendable {
    public var source: any Source
    public var transport: any Transport
    /// The paging style of a list by its tab's kind (`page`, `offset`, `cursor`, …) when the
    /// opener knows it; else the answer says whether the list is addressable.
    public var styles: [ItemKind: String]
    /// The list names the tools take, by tab index (default: the tab's title, lowercased).
    public var listNames: [String]
    /// The root the built-in models' links are written under (their JSON as served).
    public var baseURL: BaseURL
    /// Free-text filters a list takes beyond its tab's (an OpenAPI operation's string query
    /// parameters), by the tab's kind: get_rows and count_rows send them as query parameters.
    public var textFilters: [ItemKind: [String]] = [:]

    public init(source: any Source, transport: any Transport, baseURL: BaseURL, styles: [ItemKind: String] = [:], listNames: [String]? = nil) {
        self.source = source
        self.transport = transport
        self.baseURL = baseURL
        self.styles = styles
        self.listNames = listNames ?? source.tabs.map { $0.title.lowercased() }
    }

    /// The tab `name` names: its list name, its title or its kind (any case, singular or plural).
    public func tabIndex(of name: String) -> Int? {
        let wanted = name.lowercased()
        return listNames.firstIndex(of: wanted) ?? TabSpec.index(of: name, in: source.tabs)
    }
}

/// A tool call that cannot be answered, said as a sentence the agent can act on
/// ("no list 'people' in rickandmorty; its lists: characters, episodes, locations").
/// It becomes a tool result with `isError`, never a protocol error or a crash.
public struct ToolError: Error, Sendable, CustomStringConvertible {
    public let sentence: String
    public init(_ sentence: String) { self.sentence = sentence }
    public var description: String { sentence }
}
