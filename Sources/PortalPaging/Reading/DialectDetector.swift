import Foundation
import PortalJSON
import PortalCore

/// Reads a list's `ListReading` from its first answer, once: where the items are, which
/// paging dialect of `PagingDialects` it speaks (each dialect recognises itself), where the
/// total is, and whether pages can be asked for by index. What `--items` and `--paging`
/// say is taken as given. An answer it cannot read is a failure naming what it looked
/// for — never a guess.
public enum DialectDetector {
    /// Keys whose array holds the items, in the order tried (then `_embedded.<name>`,
    /// then the first array of objects at the top level).
    public static let itemKeys = ["results", "items", "data", "rows", "records", "entries", "value", "hits", "list", "objects"]

    /// `--items PATH` and `--paging NAME`, when given.
    public struct Overrides: Sendable, Hashable {
        public var items: [String]?
        public var paging: String?
        /// A list spec's `paging` table: its style and parameter names (`PagingSpec`).
        public var spec: PagingSpec?
        public init(items: [String]? = nil, paging: String? = nil, spec: PagingSpec? = nil) {
            self.items = items
            self.paging = paging
            self.spec = spec
        }
    }

    /// The `ListReading` of the list whose first answer is `response` (asked at `url`):
    /// its paging dialect is one part of it, beside the items' path, total and jumps.
    public static func detect(_ response: HTTPResponse, for url: URL, overrides: Overrides = Overrides()) throws(PageFailure) -> ListReading {
        // The spec's past-end answer on the first page (a search that matches nothing): the
        // list as the spec reads it before any answer, which then reads this page as empty.
        if let spec = overrides.spec, spec.pastEnd?.matches(response) == true {
            return try spec.reading(url: url, items: overrides.items ?? [], pageSize: 0)
        }
        guard (200..<300).contains(response.status) else { throw PageFailure(statusOf: response) }
        let root: JSONNode
        do { root = try JSONNode.parse(response.body).node } catch {
            throw error.isLimit ? PageFailure(notJSON: error) : PageFailure(.malformed, "the answer is not JSON (\(error))")
        }
        let answer = FirstAnswer(url: url, response: response, root: root, items: try itemsPath(root, given: overrides.items))
        // A list spec's paging reads the list as a built-in preset's file does (`PagingSpec.reading`).
        if let spec = overrides.spec { return try spec.reading(answer) }
        let paging = try dialect(of: answer, given: overrides.paging)
        return ListReading(items: answer.items, anyPaging: paging, total: paging.totalSource(answer),
                           addressing: answer.itemCount > 0 ? paging.address(answer) : nil, pageSize: answer.itemCount)
    }

    public static func itemsPath(_ root: JSONNode, given: [String]?) throws(PageFailure) -> [String] {
        if let given {
            guard given.isEmpty ? root.elements != nil : root.at(given)?.elements != nil else {
                throw PageFailure(.malformed, "--items \(given.joined(separator: ".")): no array there in the answer")
            }
            return given
        }
        if root.elements != nil { return [] }
        for key in itemKeys where root[key]?.elements != nil { return [key] }
        if let embedded = root["_embedded"]?.fields, let first = embedded.first(where: { $0.value.node.elements != nil }) {
            return ["_embedded", first.key]
        }
        if let fields = root.fields, let first = fields.first(where: { field in
            field.value.node.elements.map { $0.first.map { $0.node.fields != nil } ?? false } ?? false
        }) { return [first.key] }
        throw PageFailure(.malformed, "no list of items in the answer: looked for a top-level array, an array under "
            + itemKeys.joined(separator: ", ") + " or _embedded.<name>, and any array of objects (give --items PATH)")
    }

    /// The dialect `--paging NAME` names (its place read from the answer), else the first
    /// of `PagingDialects.all` that recognises the answer.
    static func dialect(of answer: FirstAnswer, given: String?) throws(PageFailure) -> any PagingDialect {
        guard let given else { return PagingDialects.recognise(answer) }
        guard let named = PagingDialects.named(given) else {
            throw PageFailure(.malformed, "--paging must be one of \(PagingDialects.names.joined(separator: ", "))")
        }
        return try named.told(answer)
    }

    /// The total an answer says, read where most dialects read it (a linked list's, whose
    /// dialect is not asked).
    public static func total(_ root: JSONNode, response: HTTPResponse, pageSize: Int) -> Int? {
        TotalSource.common(FirstAnswer(url: .unservable, response: response, root: root, items: []))?
            .value(root: root, response: response, pageSize: pageSize)
    }
}
