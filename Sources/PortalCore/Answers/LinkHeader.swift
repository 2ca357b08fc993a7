import Foundation

/// An RFC 8288 `Link` header read into its relations: `<https://…?page=2>; rel="next",
/// <…?page=34>; rel="last"`. Targets may be relative (resolved by the caller against the
/// request's URL); a link with several relations (`rel="next last"`) counts for each.
public struct LinkHeader: Sendable, Hashable {
    /// Target by relation, lowercased; the first link of a relation wins.
    public private(set) var targets: [String: String] = [:]

    public init(_ value: String) {
        var rest = Substring(value)
        while let open = rest.firstIndex(of: "<") {
            guard let close = rest[open...].firstIndex(of: ">") else { break }
            let target = String(rest[rest.index(after: open)..<close])
            var params = rest[rest.index(after: close)...]
            // The parameters run to the next link: a ',' outside quotes.
            var end = params.endIndex
            var quoted = false
            for index in params.indices {
                let c = params[index]
                if c == "\"" { quoted.toggle() }
                if c == "," && !quoted { end = index; break }
            }
            let section = params[..<end]
            params = end < params.endIndex ? params[params.index(after: end)...] : params[end...]
            for param in section.split(separator: ";") {
                let pair = param.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard pair.count == 2, pair[0].lowercased() == "rel" else { continue }
                let rels = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")).lowercased()
                for rel in rels.split(separator: " ") where targets[String(rel)] == nil {
                    targets[String(rel)] = target
                }
            }
            rest = params
        }
    }

    public subscript(rel: String) -> String? { targets[rel] }
}
