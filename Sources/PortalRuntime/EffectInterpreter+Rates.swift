import Foundation
import PortalCore
import PortalEffects

/// Rate limits beyond pages: a page carries its origin's (`PageContent.rate`), and every
/// other answer from the network — a picture, a pane's items or link — is followed by
/// `AppMessage.rate` for its origin, so the status line and the planner see the budget
/// that pictures from the list's own origin spend too (issue 35, item 19). An origin that
/// says nothing of a rate limit (a CDN) sends no message.
extension EffectInterpreter {
    /// Posts `.rate` for the origin `effect` asked, when `rates` holds a limit for it.
    func postRate(after effect: Effect, _ post: @Sendable (AppMessage) -> Void) {
        let url: URL? = switch effect {
        case .fetchPicture(let ticket, _): ticket.request.url
        case .fetchItems(_, _, let kind, let ids): source.itemsRequest(kind, keys: ids)?.url
        case .fetchLink(_, _, let link): source.linkRequest(link)?.url
        default: nil
        }
        guard let url, let origin = SplitURL(url.absoluteString)?.origin, let limit = rates.limit(for: url) else { return }
        post(.rate(origin, limit))
    }
}
