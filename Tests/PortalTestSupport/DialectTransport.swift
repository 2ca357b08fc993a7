import Foundation
import PortalCore
import PortalDemoModels
import PortalServers

/// The mirror's `/dialects/<style>/characters` routes in process: answers through
/// `DialectRoutes` (the rules `portal-mirror` serves) over the snapshot's characters, or
/// `scale` synthetic ones, under `http://dialects.test`.
public final class DialectTransport: Transport {
    public static let origin = "http://dialects.test"
    public let routes: DialectRoutes

    public init(scale: Int? = nil) throws {
        let data = try TestData.data
        let characters: any ItemTable<Character> = scale.map { SyntheticCharacterTable(base: data.characters, count: $0) } ?? ArrayTable(data.characters)
        routes = DialectRoutes(characters: characters, itemLinks: BaseURL(Self.origin + "/api"))
    }

    /// The list's URL in `style`, with `query` (e.g. `?per_page=100`).
    public static func url(_ style: PagingStyle, _ query: String = "") -> URL {
        URL(string: "\(origin)/dialects/\(style.rawValue)/characters\(query)")!
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let split = SplitURL(request.url.absoluteString), split.path.hasPrefix("/dialects") else {
            throw TransportError.notServed(request.url.absoluteString)
        }
        return routes.respond(path: String(split.path.dropFirst("/dialects".count)), query: QueryString.pairs(split.query), headers: request.headers)
    }
}
