import Foundation
import PortalCore
import PortalPaging

extension AnyAPISource: SortStyleGuessing {
    /// GitHub by its host; Django REST framework by its answer's shape; Datasette by both
    /// (`rows` at a `….json` path: its default `arrays` shape and `_shape=objects` alike).
    public var guessedSortStyle: SortStyle? {
        if pages.reading.items == ["rows"] && pages.url.path.lowercased().hasSuffix(".json") { return .datasette }
        let host = pages.url.host?.lowercased() ?? ""
        if host == "api.github.com" || host.hasSuffix(".github.com") && host.hasPrefix("api.") { return .github }
        if pages.reading.items == ["results"], pages.reading.paging == .nextURL(["next"]) { return .django }
        return nil
    }
}
