import Foundation

// Names code written before the paging dialects still uses; each says what replaces it.
// They go when the last caller has moved (the other engineers' files move on their own time).

/// `ListReading`'s name while paging was a closed enum.
public typealias AnyAPIDialect = ListReading

/// The total readings' old home: `TotalSource.value(root:response:pageSize:)` replaces it.
enum AnyAPITotals {
    static func total(_ source: TotalSource?, root: JSONNode, response: HTTPResponse, pageSize: Int) -> Int? {
        source?.value(root: root, response: response, pageSize: pageSize)
    }
}

extension DialectDetector {
    /// Replaced by `DialectDetector.total(_:response:pageSize:)`.
    static func totalSource(_ root: JSONNode, link: LinkHeader?, response: HTTPResponse, paging: NoPaging) -> TotalSource? {
        TotalSource.common(FirstAnswer(url: .unservable, response: response, root: root, items: []))
    }
}
