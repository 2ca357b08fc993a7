import Foundation

/// How long a cached answer may be served without asking the server again.
///
/// The server's `Cache-Control` decides when it says something: `no-store` is never kept,
/// `no-cache` is always revalidated, `max-age=N` is fresh for N seconds. Otherwise the
/// default applies: one day for lists and other JSON, thirty days for images (avatars
/// never change), or `--max-age` for both.
public struct FreshnessPolicy: Sendable, Equatable {
    public var listMaxAge: TimeInterval
    public var imageMaxAge: TimeInterval

    public init(listMaxAge: TimeInterval = 86_400, imageMaxAge: TimeInterval = 30 * 86_400) {
        self.listMaxAge = listMaxAge
        self.imageMaxAge = imageMaxAge
    }

    /// One default for everything (`--max-age`).
    public init(maxAge: TimeInterval) {
        self.init(listMaxAge: maxAge, imageMaxAge: maxAge)
    }

    /// Seconds an answer with these headers stays fresh.
    public func maxAge(headers: [String: String]) -> TimeInterval {
        let control = CacheControl(headers["cache-control"])
        if control.noCache { return 0 }
        if let serverMaxAge = control.maxAge { return serverMaxAge }
        let type = headers["content-type"]?.lowercased() ?? ""
        return type.hasPrefix("image/") ? imageMaxAge : listMaxAge
    }

    /// May an answer with these headers be kept at all?
    public func mayStore(headers: [String: String]) -> Bool {
        !CacheControl(headers["cache-control"]).noStore
    }
}

/// The directives of a `Cache-Control` header that a private cache obeys.
struct CacheControl: Equatable {
    var noStore = false
    var noCache = false
    var maxAge: TimeInterval?

    init(_ header: String?) {
        guard let header else { return }
        for directive in header.split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            switch parts.first {
            case "no-store": noStore = true
            case "no-cache": noCache = true
            case "max-age":
                if parts.count == 2, let seconds = Int(parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))), seconds >= 0 {
                    maxAge = TimeInterval(seconds)
                }
            default: break
            }
        }
    }
}

/// Parses `--max-age` (`90`, `90s`, `30m`, `12h`, `7d`) and `--cache-size` (`1048576`,
/// `500K`, `256M`, `1G`, binary multiples) values.
public enum CacheArgument {
    public static func seconds(_ text: String) -> TimeInterval? {
        number(text, units: ["s": 1, "m": 60, "h": 3600, "d": 86_400]).map(TimeInterval.init)
    }

    public static func bytes(_ text: String) -> Int? {
        number(text, units: ["b": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30])
    }

    private static func number(_ text: String, units: [String: Int]) -> Int? {
        var digits = text.trimmingCharacters(in: .whitespaces).lowercased()
        if digits.hasSuffix("ib") { digits.removeLast(2) } else if digits.hasSuffix("b") && digits.count > 1 && units[String(digits.dropLast().suffix(1))] != nil { digits.removeLast() }
        var multiplier = 1
        if let last = digits.last, !last.isNumber {
            guard let unit = units[String(last)] else { return nil }
            multiplier = unit
            digits.removeLast()
        }
        guard let value = Int(digits), value >= 0 else { return nil }
        let (product, overflow) = value.multipliedReportingOverflow(by: multiplier)
        return overflow ? nil : product
    }
}
