import Foundation
import PortalJSON
import PortalCore
import PortalPaging

/// One record of any API's list by its key where no `by_keys` says how: REST's own
/// convention, the record at `{list URL}/{key}` (`/users?page=2` → `/users/ab-12`), asked
/// on the list's own origin with its headers. Whether an API answers that is known only by
/// asking: a 404 says there is no such record (or no such route), and an answer that is a
/// list, or no JSON object, is not one record. `portal mcp`'s `get_item` uses it.
extension AnyAPISource {
    /// The list's URL without its query or fragment, `key` one more path segment
    /// (percent-encoded: a `/` or `?` in a key never changes the path); nil for an empty key.
    public func keyPathRequest(_ key: RecordKey) -> HTTPRequest? {
        let text = key.description
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/?#;")
        guard !text.isEmpty, let segment = text.addingPercentEncoding(withAllowedCharacters: allowed),
              var parts = URLComponents(url: pages.url, resolvingAgainstBaseURL: false) else { return nil }
        var path = parts.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        parts.percentEncodedPath = path + "/" + segment
        parts.percentEncodedQuery = nil
        parts.fragment = nil
        return parts.url.map { HTTPRequest(url: $0, headers: pages.headers) }
    }

    /// The answer to `keyPathRequest`: the record it holds, read with the list's card and
    /// spec (so its key is the list's key); nil when it holds no single record (a list,
    /// a page of one, a scalar). A status other than 2xx is the failure it says.
    public func decodeKeyPath(_ response: HTTPResponse) throws(PageFailure) -> Item? {
        guard (200..<300).contains(response.status) else { throw PageFailure(statusOf: response) }
        let root: JSONSpan
        do { root = try JSONNode.parse(response.body) } catch { throw PageFailure(notJSON: error) }
        guard root.node.fields != nil else { return nil }
        let keyed = card.spec.keyFields.allSatisfy { root.node.at($0.split(separator: ".").map(String.init)) != nil }
        // An object holding a list and no key of its own is a page, not a record.
        if !keyed, (try? DialectDetector.itemsPath(root.node, given: nil)) != nil { return nil }
        return Item(Record(row: JSONItems.row(root, columns: nil, position: 0), card: card), kind: kind)
    }
}
