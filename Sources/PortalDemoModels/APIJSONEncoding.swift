import Foundation
import PortalCore
import PortalJSON

/// Writes models back in the API's exact shape and key order, with every link rebuilt
/// from `baseURL` (the snapshot and the mirror serve their own base URL; `--json` prints
/// the source's).
public struct APIJSONEncoding: Sendable {
    /// The API root, e.g. `https://rickandmortyapi.com/api`, without a trailing slash.
    public let baseURL: BaseURL

    public init(baseURL: BaseURL) {
        self.baseURL = baseURL
    }

    public func write(_ c: Character, into w: inout JSONWriter) {
        w.beginObject()
        w.field("id", c.id)
        w.field("name", c.name)
        w.field("status", c.status.rawValue)
        w.field("species", c.species)
        w.field("type", c.type)
        w.field("gender", c.gender.rawValue)
        writePlace(c.origin, key: "origin", into: &w)
        writePlace(c.location, key: "location", into: &w)
        w.field("image", "\(baseURL)/character/avatar/\(c.avatarID).jpeg")
        writeLinks(c.episodeIDs, key: "episode", resource: "episode", into: &w)
        w.field("url", "\(baseURL)/character/\(c.id)")
        w.field("created", APIDate.format(c.created))
        w.endObject()
    }

    public func write(_ e: Episode, into w: inout JSONWriter) {
        w.beginObject()
        w.field("id", e.id)
        w.field("name", e.name)
        w.field("air_date", e.airDate)
        w.field("episode", e.code)
        writeLinks(e.characterIDs, key: "characters", resource: "character", into: &w)
        w.field("url", "\(baseURL)/episode/\(e.id)")
        w.field("created", APIDate.format(e.created))
        w.endObject()
    }

    public func write(_ l: Location, into w: inout JSONWriter) {
        w.beginObject()
        w.field("id", l.id)
        w.field("name", l.name)
        w.field("type", l.type)
        w.field("dimension", l.dimension)
        writeLinks(l.residentIDs, key: "residents", resource: "character", into: &w)
        w.field("url", "\(baseURL)/location/\(l.id)")
        w.field("created", APIDate.format(l.created))
        w.endObject()
    }

    /// One item as a compact JSON line (for `portal list --json`).
    public func line<Item: APIEncodable>(_ item: Item) -> String {
        var w = JSONWriter()
        item.writeAPIJSON(self, into: &w)
        return w.string
    }

    private func writePlace(_ p: PlaceLink, key: String, into w: inout JSONWriter) {
        w.key(key)
        w.beginObject()
        w.field("name", p.name)
        w.field("url", p.locationID.map { "\(baseURL)/location/\($0)" } ?? "")
        w.endObject()
    }

    private func writeLinks(_ ids: [Int32], key: String, resource: String, into w: inout JSONWriter) {
        w.key(key)
        w.beginArray()
        for id in ids { w.string("\(baseURL)/\(resource)/\(id)") }
        w.endArray()
    }
}

/// A model that can be written in the API's JSON shape.
public protocol APIEncodable {
    func writeAPIJSON(_ encoding: APIJSONEncoding, into writer: inout JSONWriter)
}

extension Character: APIEncodable {
    public func writeAPIJSON(_ encoding: APIJSONEncoding, into writer: inout JSONWriter) { encoding.write(self, into: &writer) }
}
extension Episode: APIEncodable {
    public func writeAPIJSON(_ encoding: APIJSONEncoding, into writer: inout JSONWriter) { encoding.write(self, into: &writer) }
}
extension Location: APIEncodable {
    public func writeAPIJSON(_ encoding: APIJSONEncoding, into writer: inout JSONWriter) { encoding.write(self, into: &writer) }
}
