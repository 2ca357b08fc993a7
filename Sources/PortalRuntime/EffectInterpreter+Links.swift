import PortalCore
import PortalEffects
import PortalPaging

extension EffectInterpreter {
    /// What a followed link names (`ItemLink`, any API): from the item cache when it was
    /// fetched before, else one request for the URL the link carries. With `revalidate`
    /// (`R` in a pane) the cache is passed by and the request asks past the HTTP caches.
    ///
    /// A page of a list says how the list pages (`LinkedListPages`, read here, off the UI
    /// thread, by the detector `--url` uses), so the pane's list jumps where its dialect
    /// addresses pages.
    func fetchLink(_ link: ItemLink, revalidate: Bool) async -> Result<[Item], PageFailure> {
        if !revalidate, let known = items.lookup([link.key])[link.key] { return .success([known]) }
        guard var request = source.linkRequest(link) else {
            return .failure(PageFailure(.malformed, "this link cannot be followed (it is not on the list's server)"))
        }
        request.revalidate = revalidate
        let source = self.source
        let isGet = request.method == "GET"
        let result = await sender.send(request, decode: { response throws(PageFailure) in
            let item = try source.decodeLink(link, response)
            guard isGet, item.record.isPage else { return item }
            var page = item
            page.record.listPages = LinkedListPages.read(response, at: link.url)
            return page
        })
        switch result {
        case .failure(let failure): return .failure(failure)
        case .success(let item):
            items.remember([item])
            return .success([item])
        }
    }
}
