import PortalCore
import PortalUI

/// What a pane list's fetch asks, for tests that compare effects: the pane, the page's
/// index and, for a related list, its ids (a linked list's page: its URL).
struct PaneListFetch: Equatable {
    var pane: PaneAddress
    var page: Int
    var ids: [Int] = []
    var url: String?
}

extension Effect {
    /// This effect as a pane list's page fetch, if it is one.
    var paneListFetch: PaneListFetch? {
        switch self {
        case .fetchItems(let pane, .listPage(let page), _, let ids): PaneListFetch(pane: pane, page: page.ticket.request.index, ids: ids.compactMap(\.number))
        case .fetchLink(let pane, .listPage(let page), let link):
            PaneListFetch(pane: pane, page: page.ticket.request.index, url: link.url.absoluteString)
        default: nil
        }
    }
}

extension Array where Element == Effect {
    /// The pane list page fetches among these effects, in order.
    var paneListFetches: [PaneListFetch] { compactMap(\.paneListFetch) }
}
