import Foundation
import PortalConfig
import PortalCore
import PortalDemoModels
import PortalPresets
import PortalJSON
import PortalPaging

/// The built-in APIs' lists as typed models (the tests' and the mirror's readings), paged as
/// their preset files say: PortalCore holds no API's paging, so these read it from the
/// files (`BuiltInPresets`) as portal's sources do.
extension PresetPages where Item: APIDecodable {
    /// The Rick and Morty list `request` asks, paged as rickandmorty.toml says for its resource.
    public static func rickAndMorty(baseURL: BaseURL, request: APIRequest, headers: RequestHeaders = RequestHeaders()) -> PresetPages {
        let lists = TestData.rickAndMortyLists
        let name = request.resource.rawValue
        return rickAndMorty(baseURL: baseURL, request: request, items: lists.itemsPath(of: name),
                            paging: lists.paging(of: name) ?? PagingSpec(style: NoPaging.name), headers: headers, reader: .apiDecodable)
    }
}

extension PresetPages where Item: Decodable {
    /// The PokeAPI list at `BASE/path`, paged as pokeapi.toml says, its entries decoded as `Item`.
    public static func pokeAPI(baseURL: BaseURL, path: String, limit: Int = pokeAPIDefaultLimit,
                               headers: RequestHeaders = RequestHeaders()) -> PresetPages {
        let lists = TestData.pokeAPILists
        return pokeAPI(baseURL: baseURL, path: path, limit: limit, items: lists.itemsPath(of: "pokemon"),
                       paging: lists.paging(of: "pokemon") ?? PagingSpec(style: NoPaging.name), headers: headers, reader: .decodable)
    }
}

extension PresetPages where Item: PageRowDecodable {
    /// A PostgREST table's (or function's) rows, paged as postgrest.toml says.
    public static func postgREST(
        baseURL: BaseURL, table: String, pageSize: Int = 20, window: PostgRESTWindow = .rangeHeader, count: PostgRESTCount = .exact,
        filters: [PostgRESTFilter] = [], order: PostgRESTOrder = .byID, headers: RequestHeaders = RequestHeaders(),
        function: PostgRESTFunction? = nil
    ) -> PresetPages {
        postgREST(baseURL: baseURL, table: table, pageSize: pageSize, window: window, count: count, filters: filters, order: order,
                  headers: headers, function: function, paging: TestData.postgRESTPaging)
    }
}

extension TestData {
    /// How postgrest.toml pages every table.
    public static let postgRESTPaging: PagingSpec = {
        do {
            guard let paging = try BuiltInPresets.postgREST.paging else { fatalError("postgrest.toml names no paging") }
            return paging
        } catch { fatalError("the PostgREST preset file: \(error)") }
    }()
}

extension TestData {
    /// The lists of the built-in API `kind` as portal hands them to its source (`BuiltInPresets.lists(for:)`).
    public static func presetLists(for kind: APIKind) -> PresetLists {
        do { return try BuiltInPresets.lists(for: kind) } catch { fatalError("the \(kind) preset file: \(error)") }
    }
}

extension PresetPages where Item: APIDecodable {
    /// Rick and Morty's characters walked by their `info.next` links, as a user's list with
    /// `paging = { style = "next", next = "info.next", total = "info.count" }` is: what a
    /// next link may do (loop, leave the server) is checked on a real page shape.
    public static func rickAndMortyByNextLinks(baseURL: BaseURL) -> PresetPages {
        rickAndMorty(baseURL: baseURL, request: .list(.character), items: ["results"],
                     paging: PagingSpec(style: NextURLPaging.name, names: ["next": "info.next", "total": "info.count"]), reader: .apiDecodable)
    }
}
