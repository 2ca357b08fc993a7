import Foundation
import PortalCore
import PortalPresets
import PortalAuth
import PortalPaging

/// The checks a request passes before anything is fetched, so a typo or a bad combination
/// is a usage error (exit 2) naming the flag — never a header's value. The same checks,
/// in the same order, for the command line and for a saved API's entry.
extension SourceRequest {
    /// Checks every value, and takes a user and password out of the URLs (they go as
    /// Basic: `takeCredentialsOutOfURLs`) once the URLs' own checks have seen them.
    public mutating func validate() throws(SourceFailure) {
        try validateURLOverrides()
        try validateGraphQL()
        takeCredentialsOutOfURLs()
        if let conflict = Self.conflict("--graphql names the server itself", graphql, with: [
            ("--url", url != nil), ("--data", data != nil), ("--base-url", baseURL != nil), ("--api", api != nil), ("--openapi", openapi != nil),
        ]) { throw .usage(conflict) }
        if graphql != nil { return try checkGraphQLPageSize() }
        // --base-url with --openapi names the origin the lists are served from (it gets the credentials).
        if let conflict = Self.conflict("--openapi names the API itself", openapi, with: [
            ("--url", url != nil), ("--data", data != nil), ("--api", api != nil),
        ]) { throw .usage(conflict) }
        if url != nil {
            for (flag, given) in [("--data", data != nil), ("--base-url", baseURL != nil), ("--api", api != nil)] where given {
                throw .usage("--url names the list itself; it cannot go with \(flag)")
            }
        }
        if data != nil && baseURL != nil {
            throw .usage("--data and --base-url name two sources; give one")
        }
        if let baseURL {
            do {
                _ = try APIRoot(baseURL)
            } catch {
                throw .usage("--base-url \(error.description)")
            }
        }
        let preset = self.preset
        if preset.liveBaseURL == nil, data == nil, baseURL == nil {
            throw .usage("--api \(preset.kind) needs --base-url (there is no public \(preset.title) to default to) or --data")
        }
        try checkPresetFlags(for: preset)
        try checkSupabase(for: preset.kind)
    }

    /// `--graphql` or `--openapi` (`given`) with a flag naming another source.
    static func conflict(_ what: String, _ given: String?, with others: [(flag: String, given: Bool)]) -> String? {
        guard given != nil else { return nil }
        return others.first { $0.given }.map { "\(what); it cannot go with \($0.flag)" }
    }

    /// `--url` and its overrides (`--paging`, `--items`).
    func validateURLOverrides() throws(SourceFailure) {
        guard let url else {
            // --fields also names portal list's CSV/TSV columns (and the table's), on any list.
            for (flag, given) in [("--paging", paging != nil), ("--items", items != nil)] where given {
                throw .usage("\(flag) goes with --url")
            }
            return
        }
        // Checked without its user and password, which go as Basic, and never shown (a
        // password may hold `/`).
        let bare = URLCredentials(url).url
        guard SplitURL(bare) != nil, URL(string: bare) != nil else {
            throw .usage("--url '\(Sanitize.line(URLRedaction.redacted(url)))' must be an http(s) URL with a valid host and port (spaces and other characters percent-encoded)")
        }
        if let paging, !PagingDialects.names.contains(paging) {
            throw .usage("--paging must be one of \(PagingDialects.names.joined(separator: ", ")), got '\(Sanitize.line(paging))'")
        }
        if let items, items.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty) {
            throw .usage("--items '\(Sanitize.line(items))' must be a dotted path like results or data.rows")
        }
    }

    /// `--graphql` and `--query`.
    func validateGraphQL() throws(SourceFailure) {
        guard let graphql else {
            if query != nil { throw .usage("--query goes with --graphql URL") }
            return
        }
        guard SplitURL(graphql) != nil, URL(string: graphql) != nil else {
            throw .usage("--graphql '\(Sanitize.line(graphql))' must be an http(s) URL with a valid host and port")
        }
        if let query, query.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw .usage("--query is empty")
        }
    }

    /// `--page-size` for a GraphQL list (the built-in APIs' checks do not apply: their
    /// fixed sizes and PostgREST's flags are not this server's).
    func checkGraphQLPageSize() throws(SourceFailure) {
        guard let pageSize else { return }
        guard APIKind.pageSizeRange.contains(pageSize) else {
            throw .usage("--page-size must be between \(APIKind.pageSizeRange.lowerBound) and \(APIKind.pageSizeRange.upperBound), got \(pageSize)")
        }
    }

    /// `--page-size`, `--table`, `--where`, `--order` and the headers for `preset`.
    func checkPresetFlags(for preset: APIPreset) throws(SourceFailure) {
        if let pageSize {
            guard APIKind.pageSizeRange.contains(pageSize) else {
                throw .usage("--page-size must be between 1 and 100, got \(pageSize)")
            }
            if let fixed = preset.fixedPageSize {
                throw .usage("--page-size: the \(preset.title) API's pages are fixed at \(fixed) items")
            }
        }
        if !preset.takesTables {
            for (flag, given) in [("--table", table != nil), ("--where", !whereClauses.isEmpty), ("--order", order != nil)] where given {
                throw .usage("\(flag) is for PostgREST sources (--api postgrest or a …/rest/v1 base URL)")
            }
        }
        if let table, !PostgRESTFilter.isTableName(table) {
            throw .usage("--table '\(Sanitize.line(table))' is not a table name")
        }
        _ = try parsedFilters()
        _ = try sortOrder()
        _ = try requestHeaders()
    }

    /// Supabase's flags for `kind`; every message names a flag, never a value but the
    /// function's name.
    func checkSupabase(for kind: APIKind) throws(SourceFailure) {
        if kind != .postgREST {
            for (flag, given) in [("--email", email != nil), ("--rpc", rpc != nil), ("--args", args != nil), ("--count", count != nil)] where given {
                throw .usage("\(flag) is for PostgREST sources (--api postgrest or a …/rest/v1 base URL)")
            }
        }
        if let email {
            guard data == nil else { throw .usage("--email signs in to a server; the offline snapshot has no users") }
            guard email.contains("@"), !email.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F }) else {
                throw .usage("--email must be an address like ann@example.com")
            }
        }
        if let rpc, !PostgRESTFilter.isTableName(rpc) {
            throw .usage("--rpc '\(Sanitize.line(rpc))' is not a function name")
        }
        if args != nil, rpc == nil { throw .usage("--args goes with --rpc") }
        if rpc != nil, table != nil { throw .usage("give --table or --rpc, not both") }
        _ = try function()
    }
}
