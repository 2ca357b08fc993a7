import Foundation

/// Decoding from the API's JSON shape. URLs become ids, repeated strings are interned and
/// unknown enum values are kept rather than rejected, so a new status tomorrow is not an
/// error today.
extension Character: Decodable {
    private enum Keys: String, CodingKey {
        case id, name, status, species, type, gender, origin, location, image, episode, url, created
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let interner = Interner.shared
        let created = try c.decode(String.self, forKey: .created)
        guard let date = APIDate.parse(created) else {
            throw DecodingError.dataCorruptedError(forKey: .created, in: c, debugDescription: "not an ISO 8601 date: \(created)")
        }
        let id = try c.decode(Int.self, forKey: .id)
        let image = try c.decodeIfPresent(String.self, forKey: .image) ?? ""
        self.init(
            id: id,
            name: try c.decode(String.self, forKey: .name),
            status: CharacterStatus(rawValue: interner.intern(try c.decode(String.self, forKey: .status))),
            species: interner.intern(try c.decode(String.self, forKey: .species)),
            type: interner.intern(try c.decodeIfPresent(String.self, forKey: .type) ?? ""),
            gender: CharacterGender(rawValue: interner.intern(try c.decode(String.self, forKey: .gender))),
            origin: try c.decode(PlaceLinkDTO.self, forKey: .origin).link(interner),
            location: try c.decode(PlaceLinkDTO.self, forKey: .location).link(interner),
            avatarID: ResourceURL.trailingID(image).map { Int32(truncatingIfNeeded: $0) },
            episodeIDs: interner.intern(ResourceURL.ids(try c.decode([String].self, forKey: .episode))),
            created: date
        )
    }
}

extension Episode: Decodable {
    private enum Keys: String, CodingKey {
        case id, name, air_date, episode, characters, created
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let created = try c.decode(String.self, forKey: .created)
        guard let date = APIDate.parse(created) else {
            throw DecodingError.dataCorruptedError(forKey: .created, in: c, debugDescription: "not an ISO 8601 date: \(created)")
        }
        self.init(
            id: try c.decode(Int.self, forKey: .id),
            name: try c.decode(String.self, forKey: .name),
            airDate: try c.decode(String.self, forKey: .air_date),
            code: try c.decode(String.self, forKey: .episode),
            characterIDs: Interner.shared.intern(ResourceURL.ids(try c.decode([String].self, forKey: .characters))),
            created: date
        )
    }
}

extension Location: Decodable {
    private enum Keys: String, CodingKey {
        case id, name, type, dimension, residents, created
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let interner = Interner.shared
        let created = try c.decode(String.self, forKey: .created)
        guard let date = APIDate.parse(created) else {
            throw DecodingError.dataCorruptedError(forKey: .created, in: c, debugDescription: "not an ISO 8601 date: \(created)")
        }
        self.init(
            id: try c.decode(Int.self, forKey: .id),
            name: try c.decode(String.self, forKey: .name),
            type: interner.intern(try c.decodeIfPresent(String.self, forKey: .type) ?? ""),
            dimension: interner.intern(try c.decodeIfPresent(String.self, forKey: .dimension) ?? ""),
            residentIDs: ResourceURL.ids(try c.decode([String].self, forKey: .residents)),
            created: date
        )
    }
}

private struct PlaceLinkDTO: Decodable {
    var name: String
    var url: String

    func link(_ interner: Interner) -> PlaceLink {
        PlaceLink(name: interner.intern(name), locationID: ResourceURL.trailingID(url).map { Int32(truncatingIfNeeded: $0) })
    }
}

/// Turns resource URLs (`…/episode/28`, `…/avatar/1.jpeg`) into their ids.
public enum ResourceURL {
    /// The number in the last path segment (before any extension), or nil.
    public static func trailingID(_ url: String) -> Int? {
        guard !url.isEmpty else { return nil }
        var segment = url.split(separator: "/", omittingEmptySubsequences: true).last ?? ""
        if let dot = segment.firstIndex(of: ".") { segment = segment[..<dot] }
        return Int(segment)
    }

    /// The ids of a list of resource URLs, skipping any that carry none.
    public static func ids(_ urls: [String]) -> [Int32] {
        urls.compactMap { trailingID($0).map { Int32(truncatingIfNeeded: $0) } }
    }
}
