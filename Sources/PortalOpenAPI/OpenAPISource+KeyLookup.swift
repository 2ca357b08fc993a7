import Foundation
import PortalCore

/// One record of an OpenAPI list by its key, of any kind (an integer, a UUID, a slug):
/// the item operation beside the list (`GET /things/{id}`) with the key in its path
/// parameter. The browser's detail asks by integer id (`itemsRequest(_:ids:)`); `portal
/// mcp`'s `get_item` asks by whatever key an agent names.
extension OpenAPISource {
    public func itemsRequest(_ kind: ItemKind, keys: [RecordKey]) -> HTTPRequest? {
        guard keys.count == 1, let tab = tab(kind), let detail = tab.list.detail, let url = detail.url(for: keys[0].description) else { return nil }
        return HTTPRequest(url: url, headers: tab.base.pages.headers)
    }
}
