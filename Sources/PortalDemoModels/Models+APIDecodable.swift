import Foundation
import PortalCore
import PortalJSON

// The demo APIs' models read straight from their JSON (`APIDecodable`): the snapshot's
// and the preset pages' fast path.
struct MissingKey: Error, CustomStringConvertible {
    let key: String
    let type: String
    var description: String { "\(type) without \(key)" }
}

private func required<T>(_ value: T?, _ key: String, _ type: String) throws -> T {
    guard let value else { throw MissingKey(key: key, type: type) }
    return value
}

private func date(_ text: String?, _ type: String) throws -> Date {
    let text = try required(text, "created", type)
    guard let date = APIDate.parse(text) else { throw MissingKey(key: "a valid created date (\(text))", type: type) }
    return date
}

private func linkIDs(_ reader: inout JSONReader) throws -> [Int32] {
    var ids: [Int32] = []
    try reader.readArray { r in
        let url = try r.readString()
        if let id = try ResourceURL.linkID(url) { ids.append(id) }
    }
    return ids
}

private func place(_ reader: inout JSONReader, _ interner: Interner) throws -> PlaceLink {
    var name = "unknown"
    var url = ""
    try reader.readObject { r, key in
        switch key {
        case "name": name = try r.readString()
        case "url": url = try r.readString()
        default: try r.skipValue()
        }
    }
    return PlaceLink(name: interner.intern(name), locationID: try ResourceURL.linkID(url))
}

extension Character: APIDecodable {
    public static func read(from reader: inout JSONReader) throws -> Character {
        let interner = Interner.shared
        var id: Int?, name: String?, status: String?, species: String?, type = "", gender: String?
        var origin: PlaceLink?, location: PlaceLink?, image = "", episodes: [Int32]?, created: String?
        try reader.readObject { r, key in
            switch key {
            case "id": id = try r.readID()
            case "name": name = try r.readString()
            case "status": status = try r.readString()
            case "species": species = try r.readString()
            case "type": type = try r.readOptionalString() ?? ""
            case "gender": gender = try r.readString()
            case "origin": origin = try place(&r, interner)
            case "location": location = try place(&r, interner)
            case "image": image = try r.readOptionalString() ?? ""
            case "episode": episodes = try linkIDs(&r)
            case "created": created = try r.readString()
            default: try r.skipValue()
            }
        }
        let id_ = try required(id, "id", "character")
        return Character(
            id: id_, name: try required(name, "name", "character"),
            status: CharacterStatus(rawValue: interner.intern(try required(status, "status", "character"))),
            species: interner.intern(try required(species, "species", "character")), type: interner.intern(type),
            gender: CharacterGender(rawValue: interner.intern(try required(gender, "gender", "character"))),
            origin: try required(origin, "origin", "character"), location: try required(location, "location", "character"),
            avatarID: try ResourceURL.linkID(image),
            episodeIDs: interner.intern(try required(episodes, "episode", "character")),
            created: try date(created, "character"))
    }
}

extension Episode: APIDecodable {
    public static func read(from reader: inout JSONReader) throws -> Episode {
        var id: Int?, name: String?, airDate: String?, code: String?, characters: [Int32]?, created: String?
        try reader.readObject { r, key in
            switch key {
            case "id": id = try r.readID()
            case "name": name = try r.readString()
            case "air_date": airDate = try r.readString()
            case "episode": code = try r.readString()
            case "characters": characters = try linkIDs(&r)
            case "created": created = try r.readString()
            default: try r.skipValue()
            }
        }
        return Episode(
            id: try required(id, "id", "episode"), name: try required(name, "name", "episode"),
            airDate: try required(airDate, "air_date", "episode"), code: try required(code, "episode", "episode"),
            characterIDs: Interner.shared.intern(try required(characters, "characters", "episode")),
            created: try date(created, "episode"))
    }
}

extension Location: APIDecodable {
    public static func read(from reader: inout JSONReader) throws -> Location {
        let interner = Interner.shared
        var id: Int?, name: String?, type = "", dimension = "", residents: [Int32]?, created: String?
        try reader.readObject { r, key in
            switch key {
            case "id": id = try r.readID()
            case "name": name = try r.readString()
            case "type": type = try r.readOptionalString() ?? ""
            case "dimension": dimension = try r.readOptionalString() ?? ""
            case "residents": residents = try linkIDs(&r)
            case "created": created = try r.readString()
            default: try r.skipValue()
            }
        }
        return Location(
            id: try required(id, "id", "location"), name: try required(name, "name", "location"),
            type: interner.intern(type), dimension: interner.intern(dimension),
            residentIDs: try required(residents, "residents", "location"), created: try date(created, "location"))
    }
}
