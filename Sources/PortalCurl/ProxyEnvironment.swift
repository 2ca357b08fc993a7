import Foundation
#if canImport(Glibc)
import Glibc
#endif
import PortalCore

/// Which proxy a request goes through, read from the variables curl reads, by curl's rules,
/// so that portal behind a company proxy reaches what `curl` reaches from the same shell.
///
/// - `https_proxy` / `HTTPS_PROXY` for https, `http_proxy` for http, else `all_proxy` /
///   `ALL_PROXY` (the lower-case name first; a set but empty one means no proxy).
/// - curl never reads an upper-case `HTTP_PROXY` (in a CGI program the web server sets it
///   from a request's `Proxy:` header); portal does, when `http_proxy` is unset, unless
///   `REQUEST_METHOD` says it runs as a CGI program.
/// - `no_proxy` / `NO_PROXY`: `*`, or names and addresses separated by commas or blanks;
///   `example.com` (or `.example.com`) covers the host and every host under it, an IPv4 or
///   IPv6 address covers itself, `10.0.0.0/8` a network.
///
/// The choice is made here and handed to curl as `CURLOPT_PROXY` (an empty one for a
/// direct connection), so the proxy `--trace` notes is the one used. An https request
/// goes through an http proxy with CONNECT (curl's default).
public struct ProxyEnvironment: Sendable {
    public let variables: [String: String]

    public init(_ variables: [String: String] = ProcessInfo.processInfo.environment) {
        self.variables = variables
    }

    /// The proxy for a request to `origin`, as written in the variable; nil for none.
    public func proxy(for origin: Origin) -> String? {
        if Self.noProxyMatches(host: origin.host, list: variables["no_proxy"] ?? variables["NO_PROXY"]) { return nil }
        let lower = origin.scheme + "_proxy"
        var chosen = variables[lower]
        if chosen == nil {
            if origin.scheme != "http" {
                chosen = variables[lower.uppercased()]
            } else if variables["REQUEST_METHOD"] == nil {
                chosen = variables["HTTP_PROXY"]
            }
        }
        if chosen == nil { chosen = variables["all_proxy"] ?? variables["ALL_PROXY"] }
        guard let chosen, !chosen.isEmpty else { return nil }
        return chosen
    }

    /// A proxy as the trace may show it: scheme, host and port, never a user or password
    /// (`http://me:pw@proxy:3128/` → `http://proxy:3128`).
    public static func shown(_ proxy: String) -> String {
        var scheme = "http"
        var rest = Substring(proxy)
        if let range = proxy.range(of: "://") {
            scheme = String(proxy[..<range.lowerBound]).lowercased()
            rest = proxy[range.upperBound...]
        }
        // The user and password found as every output finds them (a password may hold `/`).
        let bare = URLRedaction.removingUserinfo(scheme + "://" + rest, pathless: true)
        let afterScheme = bare.range(of: "://").map { bare[$0.upperBound...] } ?? Substring(bare)
        let authority = afterScheme.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return Sanitize.line(scheme + "://" + authority)
    }

    /// curl's `no_proxy` rule (lib/noproxy.c): whether `host` is one the list sends direct.
    static func noProxyMatches(host: String, list: String?) -> Bool {
        guard let list, !list.isEmpty else { return false }
        if list == "*" { return true }
        var name = Substring(host)
        let isIPv6 = name.hasPrefix("[")
        if isIPv6 { name = name.dropFirst().prefix { $0 != "]" } }
        let isIPv4 = !isIPv6 && IPAddress(String(name), family: AF_INET) != nil
        if !isIPv6, !isIPv4, name.hasSuffix(".") { name = name.dropLast() }
        let tokens = list.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" })
        return tokens.contains { token in
            if isIPv6 || isIPv4 { return cidrMatches(String(name), token, family: isIPv6 ? AF_INET6 : AF_INET) }
            var pattern = token
            if pattern.hasSuffix(".") { pattern = pattern.dropLast() }
            if pattern.hasPrefix(".") { pattern = pattern.dropFirst() }
            guard !pattern.isEmpty else { return false }
            if pattern.count == name.count { return pattern.lowercased() == name.lowercased() }
            return pattern.count < name.count && name.lowercased().hasSuffix("." + pattern.lowercased())
        }
    }

    /// `address` within `token` (an address, or `address/bits`); no bits means all of them.
    private static func cidrMatches(_ address: String, _ token: Substring, family: Int32) -> Bool {
        let parts = token.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        let width = family == AF_INET6 ? 128 : 32
        var bits = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        if bits == 0 { bits = width }
        guard bits <= width, let host = IPAddress(address, family: family),
              let network = IPAddress(String(parts[0]), family: family) else { return false }
        for index in 0..<(bits + 7) / 8 {
            let mask: UInt8 = index < bits / 8 ? 0xFF : UInt8(truncatingIfNeeded: 0xFF << (8 - bits % 8))
            if host.bytes[index] & mask != network.bytes[index] & mask { return false }
        }
        return true
    }

    /// The bytes of an IPv4 or IPv6 address in text (inet_pton).
    private struct IPAddress {
        var bytes: [UInt8]

        init?(_ text: String, family: Int32) {
            var buffer = [UInt8](repeating: 0, count: 16)
            guard inet_pton(family, text, &buffer) == 1 else { return nil }
            bytes = Array(buffer.prefix(family == AF_INET6 ? 16 : 4))
        }
    }
}
