import Foundation
import PortalCore
import PortalJSON
import PortalPaging

/// The one place a document's declared paging (`DeclaredPaging`, from the vendor
/// extensions) becomes one of portal's paging dialects (`PagingDialects`), and a list's
/// reading is made from its first answer: the items where the document says (else where
/// the detector finds them), the declared dialect when there is one (else the detected
/// one, else what the query parameters suggest when the answer shows no paging), its
/// total and its page addressing read from that answer as the detector reads them.
public enum OpenAPIDialect {
    /// The portal dialect for a declared paging.
    public static func dialect(_ declared: DeclaredPaging) -> any PagingDialect {
        switch declared {
        case .nextURL(let path): NextURLPaging(path: path)
        case .cursor(let param, let path): CursorPaging(path: path, param: param)
        case .offset(let param): OffsetPaging(param: param)
        case .pageNumber(let param): PageNumberPaging(param: param)
        case .lastItemID(let param): HasMorePaging(param: param)
        case .none: NoPaging()
        }
    }

    /// The reading of the list at `url` from its first answer.
    public static func reading(_ response: HTTPResponse, for url: URL, declared: DeclaredList?) throws(PageFailure) -> ListReading {
        let items = declared?.items
        var detected: ListReading
        do {
            detected = try DialectDetector.detect(response, for: url, overrides: DialectDetector.Overrides(items: items))
        } catch where items != nil {
            // The document's place for the items is not in this answer: read it as any list.
            detected = try DialectDetector.detect(response, for: url)
        }
        // The parameters' paging only where the answer shows none (a bare array, no link).
        let fallback = detected.paging is NoPaging ? declared?.fromParameters : nil
        guard let paging = declared?.paging ?? fallback else { return detected }
        let root: JSONNode
        do { root = try JSONNode.parse(response.body).node } catch { throw PageFailure(notJSON: error) }
        let answer = FirstAnswer(url: url, response: response, root: root, items: detected.items)
        let dialect = dialect(paging)
        return ListReading(items: detected.items, anyPaging: dialect, total: dialect.totalSource(answer) ?? detected.total,
                           addressing: answer.itemCount > 0 ? dialect.address(answer) : nil, pageSize: answer.itemCount)
    }
}
