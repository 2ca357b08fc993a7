import Foundation
import PortalCore
import PortalPresets

/// What the user asked for, as the command line (or a saved API's entry) says it: which
/// API (a built-in preset, `--url`, `--openapi`, `--graphql`, or a saved API NAME [LIST]),
/// how to reach it (`--data`, `--base-url`, `--header`, the key, `--trace`, the cache) and
/// how to read it (page size, PostgREST's table, filters and order, Supabase's sign-in and
/// function, `--url`'s overrides). A plain value: the executable fills it from its flags,
/// a saved API's lists fill it from the config file, a test fills it by hand, and
/// `SourceResolver` turns it into the source.
public struct SourceRequest: Sendable {
    // MARK: Which API

    /// `--url`: the list at this URL of any JSON API.
    public var url: String?
    /// `--graphql`: a GraphQL endpoint, and `--query` (text or `@file`).
    public var graphql: String?
    public var query: String?
    /// `--openapi`: an OpenAPI document (URL or file).
    public var openapi: String?
    /// `--data`: the offline snapshot's folder.
    public var data: String?
    /// `--base-url`: the API root (with `--openapi`, the origin its lists are served from).
    public var baseURL: String?
    /// `--api`: the preset's name (else inferred from the base URL).
    public var api: APIKind?
    /// A saved API NAME (`portal NAME`, `portal list NAME LIST`, `portal mcp`'s), read from
    /// `config` (`--config`; nil: `$XDG_CONFIG_HOME/portal/config.toml` or `~/.config/…`).
    public var saved: String?
    public var config: String?

    // MARK: How to ask it

    public var pageSize: Int?
    /// PostgREST: `--table`, `--where`, `--order`.
    public var table: String?
    public var whereClauses: [String] = []
    public var order: String?
    /// `--header` lines, as given.
    public var headerLines: [String] = []
    /// A saved API's own lists: `PORTAL_API_KEY` (meant for the command line's API) is not sent.
    public var ignoresKeyVariable = false
    /// `--url`'s `--paging`, `--items`, and `--fields` (cards; `portal list`'s columns).
    public var paging: String?
    public var items: String?
    public var fields: String?
    public var picturesOrigin: PicturesOrigin = .any
    /// Supabase: `--email`, `--rpc`, `--args`, `--count`.
    public var email: String?
    public var rpc: String?
    public var args: String?
    public var count: PostgRESTCount?
    /// The built-in APIs' filters (`--name`, `--status`, …), in the API's order.
    public var filters: [(String, String)] = []

    /// The browser's `--live` (a GraphQL subscription, Supabase Realtime, a saved GraphQL
    /// API's) and `--events URL` (server-sent events of the `--url` list).
    public var live = false
    public var events: String?

    // MARK: The connection

    /// `--trace FILE`.
    public var trace: String?
    /// The on-disk HTTP cache.
    public var cache = CacheSettings()
    /// The process environment (`PORTAL_API_KEY`, `XDG_CONFIG_HOME`, `PORTAL_PASSWORD`, …).
    public var environment: [String: String] = ProcessInfo.processInfo.environment

    public init() {}

    /// The environment variable the sign-in password is read from.
    public static let passwordVariable = "PORTAL_PASSWORD"
}
