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
            created: try c.apiDate(forKey: .created)
        )
    }
}

extension Episode: Decodable {
    private enum Keys: String, CodingKey {
        case id, name, air_date, episode, characters, created
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        self.init(
            id: try c.decode(Int.self, forKey: .id),
            name: try c.decode(String.self, forKey: .name),
            airDate: try c.decode(String.self, forKey: .air_date),
            code: try c.decode(String.self, forKey: .episode),
            characterIDs: Interner.shared.intern(ResourceURL.ids(try c.decode([String].self, forKey: .characters))),
            created: try c.apiDate(forKey: .created)
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
        self.init(
            id: try c.decode(Int.self, forKey: .id),
            name: try c.decode(String.self, forKey: .name),
            type: interner.intern(try c.decodeIfPresent(String.self, forKey: .type) ?? ""),
            dimension: interner.intern(try c.decodeIfPresent(String.self, forKey: .dimension) ?? ""),
            residentIDs: ResourceURL.ids(try c.decode([String].self, forKey: .residents)),
            created: try c.apiDate(forKey: .created)
        )
    }
}

extension KeyedDecodingContainer {
    /// A `created` timestamp in the API's ISO 8601 form.
    fileprivate func apiDate(forKey key: Key) throws -> Date {
        let text = try decode(String.self, forKey: key)
        guard let date = APIDate.parse(text) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "not an ISO 8601 date: \(text)")
        }
        return date
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
    /// The number in the last path segment (before any extension), or nil. Scans bytes
    /// from the end without allocating: it runs for every link of every decoded item.
    public static func trailingID(_ url: String) -> Int? {
        var url = url
        return url.withUTF8 { bytes -> Int? in
            var end = bytes.count
            while end > 0, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
            var start = end
            while start > 0, bytes[start - 1] != UInt8(ascii: "/") { start -= 1 }
            var value = 0
            var digits = 0
            var i = start
            while i < end, bytes[i] >= 48, bytes[i] <= 57, digits < 18 {
                value = value * 10 + Int(bytes[i] - 48)
                digits += 1
                i += 1
            }
            guard digits > 0, i == end || bytes[i] == UInt8(ascii: ".") else { return nil }
            return value
        }
    }

    /// The ids of a list of resource URLs, skipping any that carry none.
    public static func ids(_ urls: [String]) -> [Int32] {
        urls.compactMap { trailingID($0).map { Int32(truncatingIfNeeded: $0) } }
    }
}
