import Foundation

/// A URL in the body at `path` (`next`, `links.next`, `_links.next.href`, `info.next`,
/// `@odata.nextLink`…), followed on the list's origin only. Addressable when that URL
/// differs from the page's in one page number or offset.
public struct NextURLPaging: PagingDialect {
    public static let name = "next"
    /// Body paths of a next-page URL, in the order tried.
    public static let paths: [[String]] = [
        ["next"], ["next_url"], ["nextUrl"], ["next_page_url"], ["links", "next"], ["_links", "next"],
        ["info", "next"], ["paging", "next"], ["meta", "next"], ["pagination", "next"], ["pagination", "next_url"],
        ["meta", "pagination", "links", "next"], ["@odata.nextLink"],
    ]

    public var path: [String]

    public init(path: [String]) { self.path = path }

    /// A URL (or, beside a `previous` link or a count, a `null` that says there is no next
    /// page yet) at one of `paths` other than the items'.
    public static func recognise(_ answer: FirstAnswer) -> NextURLPaging? {
        let root = answer.root
        for path in paths where path != answer.items {
            guard let node = root.at(path) else { continue }
            if let text = BodyReadings.link(node), BodyReadings.looksLikeURL(text) { return NextURLPaging(path: path) }
            if node == .null, path.count > 1 || root["previous"] != nil || root["prev"] != nil || root["count"] != nil {
                return NextURLPaging(path: path)
            }
        }
        return nil
    }

    public static func told(_ answer: FirstAnswer) throws(PageFailure) -> NextURLPaging {
        guard let path = paths.first(where: { answer.root.at($0) != nil }) else {
            throw PageFailure(.malformed, "--paging next: no next URL in the answer (looked at "
                + paths.map { $0.joined(separator: ".") }.joined(separator: ", ") + ")")
        }
        return NextURLPaging(path: path)
    }

    public func address(_ answer: FirstAnswer) -> PageAddress? {
        BodyReadings.link(answer.root.at(path)).flatMap { QueryEdit.sameOrigin($0, base: answer.url) }
            .flatMap { PageAddress.stepping(from: answer.url, to: $0, count: answer.itemCount) }
    }

    public func next(after answer: PageAnswer) throws(PageFailure) -> PageRequest? {
        guard let target = BodyReadings.link(answer.root.at(path)) else { return nil }
        return try answer.following(target)
    }

    public var description: String { "the URL at \(path.joined(separator: ".")) in the body" }
}

extension PagingDialect where Self == NextURLPaging {
    public static func nextURL(_ path: [String]) -> NextURLPaging { NextURLPaging(path: path) }
}
