import Foundation

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
