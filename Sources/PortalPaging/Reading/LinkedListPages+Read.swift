import Foundation
import PortalCore
import PortalJSON

extension LinkedListPages {
    /// What `response` (the answer at `url`, a page of a list) says of the list's paging;
    /// nil when it is not a list the detector reads.
    public static func read(_ response: HTTPResponse, at url: URL) -> LinkedListPages? {
        guard let reading = try? DialectDetector.detect(response, for: url),
              let root = try? JSONNode.parse(response.body).node else { return nil }
        let total = DialectDetector.total(root, response: response, pageSize: reading.pageSize)
        // A `Range` window is a header, not a link: such a list walks.
        let byQuery: Bool = switch reading.addressing {
        case .pageParam?, .offsetParam?: true
        case .rangeHeader?, nil: false
        }
        return LinkedListPages(pages: byQuery ? AnyAPIPages(url: url, reading: reading) : nil, total: total)
    }
}
