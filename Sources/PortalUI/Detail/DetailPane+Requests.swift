import PortalCore

/// The effect each need of a pane is asked with: an item by kind and id, a page of the
/// related list by its ids, or a link (any API) by the URL it carries
/// (`Effect.fetchLink`). In one place, so the planning step only says which needs to ask.
extension DetailPane {
    /// The request for `need`; nil when there is nothing to ask (no related list).
    func request(for need: Need) -> Effect? {
        switch need {
        case .subject:
            return request(for: target, purpose: .subject)
        case .refreshed:
            return request(for: target, purpose: .refreshed)
        }
    }

    private func request(for target: LinkTarget, purpose: ItemsPurpose) -> Effect {
        switch target {
        case .item(let key): .fetchItems(address, purpose, key.kind, ids: [key.id])
        case .url(let link): .fetchLink(address, purpose, link)
        }
    }
}
