import Foundation
import PortalCore
import PortalDemoModels
import PortalPresets
import Synchronization
import PortalJSON

/// The Rick and Morty API's server behaviour, written once: the offline snapshot
/// transport answers through it, and so does `portal-mirror` over HTTP.
///
/// Every fact here comes from `api-facts.md`: 20 per page, filters and their semantics,
/// 404 past the end (so an empty search is a 404), multi-id arrays, the exact error
/// bodies, and `next`/`prev` built from the path as sent with unencoded values.
public final class RickAndMortyRules: Sendable {
    public static let pageSize = 20
    public static let nothingHere = RickAndMortyAPI.nothingHere
    public static let badID = "Hey! you must provide an id"
    public static let badArray = "Bad... bad array :/"

    /// The API root every link points at, without a trailing slash.
    public let baseURL: BaseURL
    public let characters: any ItemTable<Character>
    public let episodes: any ItemTable<Episode>
    public let locations: any ItemTable<Location>
    public let avatarsFolder: String?
    private let encoding: APIJSONEncoding
    private let filterCache = Mutex<FilterCache>(FilterCache())

    public init(
        baseURL: BaseURL, characters: any ItemTable<Character>, episodes: any ItemTable<Episode>,
        locations: any ItemTable<Location>, avatarsFolder: String?
    ) {
        self.baseURL = baseURL
        self.characters = characters
        self.episodes = episodes
        self.locations = locations
        self.avatarsFolder = avatarsFolder
        self.encoding = APIJSONEncoding(baseURL: self.baseURL)
    }

    public convenience init(data: RickAndMortyData, baseURL: BaseURL) {
        self.init(
            baseURL: baseURL, characters: ArrayTable(data.characters), episodes: ArrayTable(data.episodes),
            locations: ArrayTable(data.locations), avatarsFolder: data.avatarsFolder)
    }

    /// Answers one GET. `path` is below the API root (`/character/?page=2` has path
    /// `/character/`); `query` is the decoded query in the order it was sent.
    public func respond(path: String, query: [(key: String, value: String)]) -> HTTPResponse {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        if segments.isEmpty || segments == [""] { return root() }
        guard let resource = Resource(rawValue: segments[0]) else { return Self.error(404, Self.nothingHere) }
        switch segments.count {
        case 1:
            return list(resource, path: path, query: query)
        case 2 where segments[1].isEmpty:
            return list(resource, path: path, query: query)
        case 2 where resource == .character && segments[1] == "avatar":
            // The avatar folder itself is no resource (not a bad id).
            return Self.error(404, Self.nothingHere)
        case 2:
            return byID(resource, spec: QueryString.decode(Substring(segments[1])))
        case 3 where resource == .character && segments[1] == "avatar":
            return avatar(segments[2])
        default:
            return Self.error(404, Self.nothingHere)
        }
    }

    // MARK: - Endpoints

    private func root() -> HTTPResponse {
        var w = JSONWriter()
        w.beginObject()
        w.field("characters", "\(baseURL)/character")
        w.field("locations", "\(baseURL)/location")
        w.field("episodes", "\(baseURL)/episode")
        w.endObject()
        return Self.json(200, w.bytes)
    }

    private func list(_ resource: Resource, path: String, query: [(key: String, value: String)]) -> HTTPResponse {
        let pageText = query.first(where: { $0.key == "page" })?.value.trimmingCharacters(in: .whitespaces) ?? ""
        let page = Int(pageText).flatMap { $0 >= 1 ? $0 : nil } ?? 1
        let filters = APIRequest.cleanFilters(query.map { ($0.key, $0.value) }, for: resource)
        let positions = matchingPositions(resource, filters)
        let count = positions?.count ?? table(resource).count
        let pages = (count + Self.pageSize - 1) / Self.pageSize
        guard page <= pages else { return Self.error(404, Self.nothingHere) }

        var w = JSONWriter(reserving: 16_384)
        w.beginObject()
        w.key("info")
        w.beginObject()
        w.field("count", count)
        w.field("pages", pages)
        let linkBase = baseURL + path
        let filterSuffix = filters.map { "&\($0.key)=\($0.value)" }.joined()
        w.field("next", page < pages ? "\(linkBase)?page=\(page + 1)\(filterSuffix)" : nil)
        w.field("prev", page > 1 ? "\(linkBase)?page=\(page - 1)\(filterSuffix)" : nil)
        w.endObject()
        w.key("results")
        w.beginArray()
        let start = (page - 1) * Self.pageSize
        for index in start..<min(start + Self.pageSize, count) {
            writeItem(resource, at: positions.map { Int($0[index]) } ?? index, into: &w)
        }
        w.endArray()
        w.endObject()
        return Self.json(200, w.bytes)
    }

    private func byID(_ resource: Resource, spec: String) -> HTTPResponse {
        let table = table(resource)
        if spec.count > 2, spec.hasPrefix("["), spec.hasSuffix("]") {
            guard let ids = Self.jsonIntArray(spec) else { return Self.error(500, Self.badArray) }
            return many(resource, ids: ids)
        }
        if spec.contains("[") || spec.contains("]") { return Self.error(500, Self.badArray) }
        if spec.contains(","), spec.count > 1 {
            return many(resource, ids: spec.split(separator: ",", omittingEmptySubsequences: false).compactMap { Self.parseInt($0) })
        }
        guard let id = Self.parseInt(Substring(spec)) else { return Self.error(500, Self.badID) }
        guard let position = table.position(ofID: id) else { return Self.error(404, resource.notFoundMessage) }
        var w = JSONWriter(reserving: 2048)
        writeItem(resource, at: position, into: &w)
        return Self.json(200, w.bytes)
    }

    private func many(_ resource: Resource, ids: [Int]) -> HTTPResponse {
        let table = table(resource)
        let positions = Set(ids.compactMap { table.position(ofID: $0) }).sorted()
        var w = JSONWriter(reserving: 1024 * max(1, positions.count))
        w.beginArray()
        for position in positions { writeItem(resource, at: position, into: &w) }
        w.endArray()
        return Self.json(200, w.bytes)
    }

    private func avatar(_ file: String) -> HTTPResponse {
        guard let folder = avatarsFolder, file.hasSuffix(".jpeg"), let id = Int(file.dropLast(5)),
              let position = characters.position(ofID: id) else {
            return Self.error(404, Self.nothingHere)
        }
        let avatarID = characters.item(at: position).avatarID
        let path = (folder as NSString).appendingPathComponent("\(avatarID).jpeg")
        // An avatar file that is missing, not a regular file or over the cap is no avatar.
        guard let bytes = try? SnapshotFile.read(path, limit: SnapshotFile.maxAvatarBytes) else {
            return Self.error(404, Self.nothingHere)
        }
        return HTTPResponse(status: 200, headers: ["content-type": ImageSniffer.contentType(of: bytes)], body: bytes)
    }

    // MARK: - Helpers

    private func table(_ resource: Resource) -> any ItemTable {
        switch resource {
        case .character: characters
        case .episode: episodes
        case .location: locations
        }
    }

    private func writeItem(_ resource: Resource, at position: Int, into w: inout JSONWriter) {
        switch resource {
        case .character: encoding.write(characters.item(at: position), into: &w)
        case .episode: encoding.write(episodes.item(at: position), into: &w)
        case .location: encoding.write(locations.item(at: position), into: &w)
        }
    }

    /// Positions matching the filters, or nil when there are none (every item matches).
    /// Recent answers are cached so paging through a filtered million is not a scan a page.
    private func matchingPositions(_ resource: Resource, _ filters: [APIRequest.Filter]) -> [Int32]? {
        let matcher = FilterMatcher(filters)
        guard !matcher.isEmpty else { return nil }
        let key = FilterCache.Key(resource: resource, filters: filters, generation: table(resource).generation)
        if let cached = filterCache.withLock({ $0.lookup(key) }) { return cached }
        var result: [Int32] = []
        switch resource {
        case .character: result = Self.scan(characters, matcher)
        case .episode: result = Self.scan(episodes, matcher)
        case .location: result = Self.scan(locations, matcher)
        }
        filterCache.withLock { $0.store(key, result) }
        return result
    }

    private static func scan<T: ItemTable>(_ table: T, _ matcher: FilterMatcher) -> [Int32] where T.Item: FilterableItem {
        var out: [Int32] = []
        for position in 0..<table.count where matcher.matches(table.item(at: position)) {
            out.append(Int32(position))
        }
        return out
    }

    /// A JSON answer with `status` (the mirror's auth answers use it too).
    public static func json(_ status: Int, _ bytes: [UInt8]) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["content-type": "application/json; charset=utf-8"], body: Data(bytes))
    }

    /// `{"error":"…"}` with the given status, as the real server answers.
    public static func error(_ status: Int, _ message: String) -> HTTPResponse {
        var w = JSONWriter()
        w.beginObject()
        w.field("error", message)
        w.endObject()
        return json(status, w.bytes)
    }

    /// JavaScript's parseInt: optional whitespace and sign, then the leading digits.
    static func parseInt(_ text: Substring) -> Int? {
        var s = text.drop(while: { $0 == " " || $0 == "\t" })
        var negative = false
        if s.first == "-" || s.first == "+" { negative = s.first == "-"; s = s.dropFirst() }
        let digits = s.prefix(while: { $0.isASCII && $0.isNumber })
        guard !digits.isEmpty, let value = Int(digits.prefix(18)) else { return nil }
        return negative ? -value : value
    }

    /// `[1,2,3]` as JSON: integers only, anything else is a bad array.
    static func jsonIntArray(_ text: String) -> [Int]? {
        let inner = text.dropFirst().dropLast().trimmingCharacters(in: .whitespacesAndNewlines)
        if inner.isEmpty { return [] }
        var ids: [Int] = []
        for part in inner.split(separator: ",", omittingEmptySubsequences: false) {
            let token = part.trimmingCharacters(in: .whitespacesAndNewlines)
            let digits = token.hasPrefix("-") ? token.dropFirst() : Substring(token)
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let id = Int(token) else { return nil }
            ids.append(id)
        }
        return ids
    }
}

/// A few recent filter results, oldest dropped first.
private struct FilterCache {
    struct Key: Hashable {
        var resource: Resource
        var filters: [APIRequest.Filter]
        var generation: Int
    }
    private var entries: [(Key, [Int32])] = []

    func lookup(_ key: Key) -> [Int32]? { entries.first(where: { $0.0 == key })?.1 }

    mutating func store(_ key: Key, _ value: [Int32]) {
        entries.removeAll { $0.0 == key }
        entries.append((key, value))
        if entries.count > 16 { entries.removeFirst() }
    }
}

/// Tells JPEG from PNG by the first bytes: some avatars named `.jpeg` are PNG.
public enum ImageSniffer {
    public static func contentType(of bytes: Data) -> String {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if bytes.starts(with: Array("GIF8".utf8)) { return "image/gif" }
        return "application/octet-stream"
    }
}
