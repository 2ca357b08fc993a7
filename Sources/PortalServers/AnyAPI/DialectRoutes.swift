import Foundation
import PortalCore
import PortalDemoModels
import PortalJSON

/// The mirror's routes in every `PagingStyle`, over the characters it serves (the
/// snapshot's, or `--scale`'s synthetic ones): `/dialects/<style>/characters`. Items are
/// the API's character objects; links are absolute, under the mirror's origin. A pure
/// function of the request, like the other dialects' rules, so the faults wrap it too.
public struct DialectRoutes: ServerRules {
    public let characters: any ItemTable<Character>
    /// Where the items' own links point (the Rick and Morty root).
    public let encoding: APIJSONEncoding
    /// `scheme://host:port` of the mirror, for the paging links.
    public let origin: String

    public init(characters: any ItemTable<Character>, itemLinks: BaseURL) {
        self.characters = characters
        encoding = APIJSONEncoding(baseURL: itemLinks)
        origin = SplitURL(itemLinks.text)?.origin.description ?? itemLinks.text
    }

    /// Where the mirror mounts them.
    public static let mount = MirrorMount(claims: "/dialects", mount: "/dialects") { data, root in
        DialectRoutes(characters: data.characters, itemLinks: root)
    }

    public func respond(path: String, query: [(key: String, value: String)], headers: [String: String]) -> HTTPResponse {
        let segments = path.split(separator: "/").map(String.init)
        guard segments.count == 2, segments[1] == "characters", let style = PagingStyle(rawValue: segments[0]) else {
            return Self.json(404, #"{"detail":"Not found."}"#)
        }
        let page = DialectPage(style: style, query: query, total: characters.count, origin: origin, path: "/dialects" + path)
        let ordering = DialectOrdering(query: query, style: style, characters: characters)
        switch page.window() {
        case .refused(let answer): return answer
        case .items(let range):
            return page.answer(items: range.map { position in
                var w = JSONWriter()
                characters.item(at: ordering?.tablePosition(position) ?? position).writeAPIJSON(encoding, into: &w)
                return w.bytes
            }, range: range)
        }
    }

    static func json(_ status: Int, _ text: String, headers: [String: String] = [:]) -> HTTPResponse {
        HTTPResponse(status: status, headers: headers.merging(["content-type": "application/json"]) { a, _ in a }, body: Data(text.utf8))
    }
}
