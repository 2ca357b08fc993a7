/// What a list's card shows (`card = { title, subtitle, note, picture, badge }`): the
/// field that names the record, the one under it, a dim note, its picture and a coloured
/// badge — the Rick and Morty character card, for any API. Fields are dotted paths
/// (`owner.login`); title, subtitle and note may be templates (`SpecTemplate`).
public struct CardSpec: Sendable, Hashable {
    /// A field, or a template of several (`"{episode} {name}"`).
    public var title: String?
    /// A field, or a template of several (`"{species} · {type}"`: the empty ones left out).
    public var subtitle: String?
    /// A dim line under the subtitle: a field or a template (`"{residents|count resident}"`).
    public var note: String?
    /// A field holding the picture's URL, or a URL template naming fields in braces
    /// (`/avatars/{uid}.png`); relative URLs are resolved against the list's URL.
    public var picture: String?
    /// The picture when the API is asked at another root than its preset's `url` (portal's
    /// mirror, a copy that serves its pictures itself): PokeAPI's sprites are on GitHub,
    /// the mirror's below its own root. Nil: `picture` wherever the API is.
    public var mirrorPicture: String?
    public var badge: BadgeSpec?

    public init(title: String? = nil, subtitle: String? = nil, note: String? = nil, picture: String? = nil, badge: BadgeSpec? = nil) {
        self.title = title
        self.subtitle = subtitle
        self.note = note
        self.picture = picture
        self.badge = badge
    }
}

/// A field shown as `● value`, the dot coloured by the value (`active = "green"`); a
/// value the table does not list takes `other` (`other = "yellow"`: a status newer than
/// the spec stands out), else it is drawn dim.
public struct BadgeSpec: Sendable, Hashable {
    public var field: String
    /// Value → colour, in the file's order.
    public var colours: [SpecColourRule]
    /// The colour of a value `colours` does not list; nil: dim.
    public var other: SpecColour?

    public init(field: String, colours: [SpecColourRule] = [], other: SpecColour? = nil) {
        self.field = field
        self.colours = colours
        self.other = other
    }

    /// The colour of `value`: its own, else `other`, else none.
    public func colour(of value: String) -> SpecColour? { colours.first { $0.value == value }?.colour ?? other }
}

/// One `value = "colour"` of a badge.
public struct SpecColourRule: Sendable, Hashable {
    public var value: String
    public var colour: SpecColour

    public init(value: String, colour: SpecColour) {
        self.value = value
        self.colour = colour
    }
}

/// The colours a badge can take: the terminal's eight, and `dim`.
public enum SpecColour: String, Sendable, Hashable, CaseIterable {
    case red, green, yellow, blue, magenta, cyan, white, dim
}
