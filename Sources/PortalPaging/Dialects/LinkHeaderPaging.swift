import Foundation
import PortalCore

/// RFC 8288 `Link: <…>; rel="next"` (GitHub, GitLab). Addressable when the next link
/// differs from the page's URL in one page number or offset; the total may be the `last`
/// link's page number (an estimate until the last page).
public struct LinkHeaderPaging: PagingDialect {
    public static let name = "link"

    public init() {}

    public static func recognise(_ answer: FirstAnswer) -> LinkHeaderPaging? {
        guard let link = answer.link, ["next", "last", "prev", "first"].contains(where: { link[$0] != nil }) else { return nil }
        return LinkHeaderPaging()
    }

    public static func told(_ answer: FirstAnswer) -> LinkHeaderPaging { LinkHeaderPaging() }

    public func address(_ answer: FirstAnswer) -> PageAddress? {
        answer.link?["next"].flatMap { QueryEdit.sameOrigin($0, base: answer.url) }
            .flatMap { PageAddress.stepping(from: answer.url, to: $0, count: answer.itemCount) }
    }

    public func next(after answer: PageAnswer) throws(PageFailure) -> PageRequest? {
        guard let value = answer.response.headers["link"], let target = LinkHeader(value)["next"] else { return nil }
        return try answer.following(target)
    }

    public var description: String { "the Link header's rel=\"next\"" }
}

extension PagingDialect where Self == LinkHeaderPaging {
    public static var linkHeader: LinkHeaderPaging { LinkHeaderPaging() }
}
