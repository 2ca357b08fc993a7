import Foundation
import PortalCore
import PortalAuth

/// A saved API ready to be asked: its secrets read (`SecretResolver`) and turned into what
/// the flags would have given — the headers every request carries (`headers`, and
/// `bearer`, `basic` or `header` auth), or the session a sign-in needs (`oauth2`,
/// `supabase`) — and its lists as the tabs to open. Built once per run, held in memory only;
/// `description` names no value.
public struct ResolvedAPI: Sendable, CustomStringConvertible {
    /// One list to open: its tab name, its URL, and `--items`, `--paging`, `--fields`.
    public struct Tab: Sendable, Equatable {
        public var name: String
        public var url: String
        public var items: String?
        public var paging: String?
        public var fields: [String]?
        /// The list's spec (`key`, `paging` table, `card`, `detail`, `by_keys`, `filters`).
        public var spec: ListSpec = ListSpec()
    }

    /// Supabase sign-in (`auth.supabase`): the password is used for the sign-in only.
    public struct SupabaseSignIn: Sendable {
        public var email: String
        public var password: String
        public var key: String?
    }

    public var api: SavedAPI
    /// `headers`, then the auth header (it wins over a header of the same name).
    public var headers: RequestHeaders
    public var oauth2: OAuth2ClientCredentialsGrant?
    public var supabase: SupabaseSignIn?
    /// In the file's order; `url` alone is one tab named after its last path segment.
    public var tabs: [Tab]

    public var description: String { "saved API \(api.name) (\(tabs.count) lists, secrets hidden)" }

    /// Reads every secret `api` names and checks every header; an error names the config
    /// key, never a value.
    public static func resolve(_ api: SavedAPI, resolver: SecretResolver) async throws(SecretReferenceError) -> ResolvedAPI {
        let at = "apis.\(api.name)"
        var headers = RequestHeaders()
        for (name, value) in api.headers.sorted(by: { $0.key < $1.key }) {
            // A header's value may be a reference, read as an auth secret is.
            let reference = (try? SecretReference(parsing: value)) ?? .literal(value)
            try add(&headers, name, try await resolver.resolve(reference, key: "\(at).headers.\(name)"), key: "\(at).headers.\(name)")
        }
        var oauth2: OAuth2ClientCredentialsGrant?
        var supabase: SupabaseSignIn?
        switch api.auth {
        case nil:
            break
        case .bearer(let token)?:
            try add(&headers, "Authorization", "Bearer " + (try await resolver.resolve(token, key: "\(at).auth.bearer")), key: "\(at).auth.bearer")
        case .basic(let pair)?:
            let value = try await resolver.resolve(pair, key: "\(at).auth.basic")
            guard value.contains(":") else { throw SecretReferenceError("\(at).auth.basic: expected \"user:password\"") }
            try add(&headers, "Authorization", "Basic " + Data(value.utf8).base64EncodedString(), key: "\(at).auth.basic")
        case .header(let name, let value)?:
            try add(&headers, name, try await resolver.resolve(value, key: "\(at).auth.header.value"), key: "\(at).auth.header")
        case .supabase(let email, let password, let key)?:
            let secret = try await resolver.resolve(password, key: "\(at).auth.supabase.password")
            let anonKey = try await key.asyncMap { reference async throws(SecretReferenceError) in
                try await resolver.resolve(reference, key: "\(at).auth.supabase.key")
            }
            if let anonKey { try add(&headers, "apikey", anonKey, key: "\(at).auth.supabase.key") }
            supabase = SupabaseSignIn(email: email, password: secret, key: anonKey)
        case .oauth2(let grant)?:
            guard let tokenURL = URL(string: grant.tokenURL), SplitURL(grant.tokenURL) != nil else {
                throw SecretReferenceError("\(at).auth.oauth2.token_url: \(Sanitize.line(URLRedaction.redacted(grant.tokenURL))) is not an http(s) URL")
            }
            let secret = try await resolver.resolve(grant.clientSecret, key: "\(at).auth.oauth2.client_secret")
            oauth2 = OAuth2ClientCredentialsGrant(tokenURL: tokenURL, clientID: grant.clientID, clientSecret: secret, scope: grant.scope)
        }
        return ResolvedAPI(api: api, headers: headers, oauth2: oauth2, supabase: supabase, tabs: try tabs(of: api))
    }

    /// The lists as tabs: each path joined to `url`; `url` alone is one list.
    static func tabs(of api: SavedAPI) throws(SecretReferenceError) -> [Tab] {
        var tabs: [Tab] = []
        for list in api.lists {
            guard let url = api.url(of: list), SplitURL(url) != nil, URL(string: url) != nil else {
                throw SecretReferenceError("apis.\(api.name).lists.\(list.name): \(Sanitize.line(URLRedaction.redacted(list.path))) does not make an http(s) URL")
            }
            tabs.append(Tab(name: list.name, url: Self.sized(url, list.spec, api.pageSize), items: list.items, paging: list.paging, fields: list.fields,
                            spec: list.spec))
        }
        if tabs.isEmpty, let url = api.url {
            guard SplitURL(url) != nil, URL(string: url) != nil else {
                throw SecretReferenceError("apis.\(api.name).url: \(Sanitize.line(URLRedaction.redacted(url))) is not an http(s) URL")
            }
            tabs.append(Tab(name: URL(string: url).flatMap(ListName.lastSegment) ?? api.name, url: url))
        }
        return tabs
    }

    /// Each list's `by_keys` template, made absolute against `url` (`ByKeys`), with its cap
    /// (`max_keys`, `max_url`) beside it, by list name.
    public var byKeys: [String: ByKeysRoute] {
        var templates: [String: ByKeysRoute] = [:]
        for list in api.lists {
            guard let route = list.spec.byKeys, let root = api.url ?? api.url(of: list) else { continue }
            templates[list.name] = route.absolute(root: root)
        }
        return templates
    }

    /// `url` with `page_size` in the spec's size parameter (`per = N`), when both are given.
    static func sized(_ url: String, _ spec: ListSpec, _ size: Int?) -> String {
        guard let size, let parameter = spec.paging?.sizeParameter, let parsed = URL(string: url) else { return url }
        return QueryEdit.setting(parsed, parameter, String(size))?.absoluteString ?? url
    }

    private static func add(_ headers: inout RequestHeaders, _ name: String, _ value: String, key: String) throws(SecretReferenceError) {
        do {
            try headers.add(line: "\(name): \(value)")
        } catch {
            // RequestHeaders' message names the header, never its value.
            throw SecretReferenceError("\(key): \(error)")
        }
    }
}

extension Optional {
    /// `map` with an async, typed-throwing transform.
    func asyncMap<U, E: Error>(_ transform: (Wrapped) async throws(E) -> U) async throws(E) -> U? {
        guard let self else { return nil }
        return try await transform(self)
    }
}
