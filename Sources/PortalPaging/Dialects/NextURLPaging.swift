import Foundation
import PortalCore

/// A URL in the body at `path` (`next`, `links.next`, `_links.next.href`, `info.next`,
/// `@odata.nextLink`…), followed on the list's origin only. Addressable when that URL
/// differs from the page's in one page number or offset.
///
/// A spec may name the page-number parameter its links step (`page`: Rick and Morty's
/// `info.next` steps `page`): the list is then addressed by it before any answer, and a
/// link that names the very next page is asked as a jump to it asks (`?page=N&filters` on
/// the list's template: one URL for both, and filters the server writes unencoded in the
/// link are never read back); any other link is followed as one, its guards and all. A
/// spec may say what a page past the end answers (`pastEnd`, Rick and Morty's 404
/// `There is nothing here`, also for a search that matches nothing): the end of the list.
public struct NextURLPaging: PagingDialect {
    public static let name = "next"
    /// Body paths of a next-page URL, in the order tried.
    public static let paths: [[String]] = [
        ["next"], ["next_url"], ["nextUrl"], ["next_page_url"], ["links", "next"], ["_links", "next"],
        ["info", "next"], ["paging", "next"], ["meta", "next"], ["pagination", "next"], ["pagination", "next_url"],
        ["meta", "pagination", "links", "next"], ["@odata.nextLink"],
    ]

    public var path: [String]
    /// The page-number parameter the links step, when a spec names it.
    public var page: String?
    /// What a page past the end answers, when a spec says it.
    public var pastEnd: PastEnd?

    public init(path: [String], page: String? = nil, pastEnd: PastEnd? = nil) {
        self.path = path
        self.page = page
        self.pastEnd = pastEnd
    }

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
        if let page { return .pageParam(page, first: QueryEdit.value(answer.url, page).flatMap { Int($0) } ?? 1) }
        return BodyReadings.link(answer.root.at(path)).flatMap { QueryEdit.sameOrigin($0, base: answer.url) }
            .flatMap { PageAddress.stepping(from: answer.url, to: $0, count: answer.itemCount) }
    }

    public func next(after answer: PageAnswer) throws(PageFailure) -> PageRequest? {
        guard let target = BodyReadings.link(answer.root.at(path)) else { return nil }
        // Present but no URL (control characters, which no URL holds, or nothing a URL
        // parses): the page fails saying so, never taken for the end nor asked escaped.
        let unreadable = PageFailure(.malformed, "unreadable next link: \(target.prefix(200))")
        if target.unicodeScalars.contains(where: Sanitize.isControl) { throw unreadable }
        if let stepped = stepped(target, answer) { return stepped }
        guard let next = try answer.following(target) else { throw unreadable }
        return next
    }

    /// Page `nextIndex` as the list addresses it, when `target` is on the list's origin and
    /// path and names exactly that page in `page` (read with raw spaces encoded).
    func stepped(_ target: String, _ answer: PageAnswer) -> PageRequest? {
        guard let page, case .pageParam(let name, let first)? = answer.list.reading.addressing, name == page,
              let url = URL(string: target.replacingOccurrences(of: " ", with: "%20"), relativeTo: answer.url)?.absoluteURL,
              let there = SplitURL(url.absoluteString), let here = SplitURL(answer.url.absoluteString),
              there.origin == here.origin, there.path == here.path,
              QueryEdit.value(url, name) == String(first &+ answer.nextIndex) else { return nil }
        return answer.list.request(forPage: answer.nextIndex)
    }

    public func isPastEnd(_ response: HTTPResponse) -> Bool { pastEnd?.matches(response) ?? false }

    public var description: String {
        "the URL at \(path.joined(separator: ".")) in the body" + (page.map { " (stepping \($0))" } ?? "")
            + (pastEnd.map { ", \($0) past the end" } ?? "")
    }
}

extension PagingDialect where Self == NextURLPaging {
    public static func nextURL(_ path: [String]) -> NextURLPaging { NextURLPaging(path: path) }
}
