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
        let id = try c.decodeID(forKey: .id)
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
            avatarID: try ResourceURL.linkID(image),
            episodeIDs: interner.intern(try ResourceURL.ids(try c.decode([String].self, forKey: .episode))),
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
            id: try c.decodeID(forKey: .id),
            name: try c.decode(String.self, forKey: .name),
            airDate: try c.decode(String.self, forKey: .air_date),
            code: try c.decode(String.self, forKey: .episode),
            characterIDs: Interner.shared.intern(try ResourceURL.ids(try c.decode([String].self, forKey: .characters))),
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
            id: try c.decodeID(forKey: .id),
            name: try c.decode(String.self, forKey: .name),
            type: interner.intern(try c.decodeIfPresent(String.self, forKey: .type) ?? ""),
            dimension: interner.intern(try c.decodeIfPresent(String.self, forKey: .dimension) ?? ""),
            residentIDs: try ResourceURL.ids(try c.decode([String].self, forKey: .residents)),
            created: try c.apiDate(forKey: .created)
        )
    }
}

extension KeyedDecodingContainer {
    /// An id that fits in 32 bits, as models keep them; a larger one is refused, never
    /// truncated.
    fileprivate func decodeID(forKey key: Key) throws -> Int {
        let id = try decode(Int.self, forKey: key)
        guard Int32(exactly: id) != nil else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "id \(id) out of range")
        }
        return id
    }

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

    func link(_ interner: Interner) throws -> PlaceLink {
        PlaceLink(name: interner.intern(name), locationID: try ResourceURL.linkID(url))
    }
}

/// Turns resource URLs (`…/episode/28`, `…/avatar/1.jpeg`) into their ids.
public enum ResourceURL {
    /// The number in the last path segment (before any extension), or nil; `Int.max` for
    /// one too long to fit. Scans bytes
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
            while i < end, bytes[i] >= 48, bytes[i] <= 57 {
                // Past 18 digits the value no longer fits: it saturates, so a huge id
                // reads as huge (and is refused by `linkID`), never as a smaller one.
                value = digits < 18 ? value * 10 + Int(bytes[i] - 48) : Int.max
                digits += 1
                i += 1
            }
            guard digits > 0, i == end || bytes[i] == UInt8(ascii: ".") else { return nil }
            return value
        }
    }

    /// The id of a link as models store it: nil when the URL carries none (an empty
    /// `url` of an unknown place), an error when it carries one beyond 32 bits — refused,
    /// never truncated (`…/episode/4294967297` must not become episode 1).
    public static func linkID(_ url: String) throws(IDOutOfRange) -> Int32? {
        guard let id = trailingID(url) else { return nil }
        guard let exact = Int32(exactly: id) else { throw IDOutOfRange(url: url) }
        return exact
    }

    /// The ids of a list of resource URLs, skipping any that carry none.
    public static func ids(_ urls: [String]) throws(IDOutOfRange) -> [Int32] {
        var ids: [Int32] = []
        ids.reserveCapacity(urls.count)
        for url in urls {
            if let id = try linkID(url) { ids.append(id) }
        }
        return ids
    }
}

/// A link whose id does not fit in the 32 bits models keep.
public struct IDOutOfRange: Error, Sendable, CustomStringConvertible {
    public let url: String
    public var description: String { "id out of range in \(url)" }
}
