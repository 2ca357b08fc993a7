import Foundation

extension AnyAPISource {
    /// The pages of `query`'s list: the URL given, with the order asked for (`s`) in its
    /// query when there is one (`ordering=-name`, `sort=updated&direction=desc`), so every
    /// page the dialect builds from it — and each `next` link the server writes — keeps it.
    public func pages(for query: ListQuery) -> AnyAPIPages {
        guard let sort = query.sort else { return pages }
        return AnyAPIPages(url: sort.applied(to: pages.url), dialect: pages.dialect, headers: pages.headers)
    }
}
