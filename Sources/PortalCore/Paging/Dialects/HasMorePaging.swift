import Foundation

/// `has_more: true` with the last item's `id` sent as `param` on the list's URL (Stripe's
/// `starting_after`). Walked only.
public struct HasMorePaging: PagingDialect {
    public static let name = "has-more"

    public var param: String

    public init(param: String) { self.param = param }

    /// A boolean `has_more` at the top level.
    public static func recognise(_ answer: FirstAnswer) -> HasMorePaging? {
        answer.root["has_more"]?.bool != nil ? HasMorePaging(param: "starting_after") : nil
    }

    public static func told(_ answer: FirstAnswer) -> HasMorePaging { HasMorePaging(param: "starting_after") }

    public func next(after answer: PageAnswer) throws(PageFailure) -> PageRequest? {
        guard answer.root["has_more"]?.bool == true, let id = answer.lastItemID else { return nil }
        return answer.setting(param, id, on: answer.list.url)
    }

    public var description: String { "has_more, the last item's id sent as \(param)=" }
}

extension PagingDialect where Self == HasMorePaging {
    public static func hasMore(param: String) -> HasMorePaging { HasMorePaging(param: param) }
}
