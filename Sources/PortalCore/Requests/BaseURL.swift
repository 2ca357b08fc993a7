/// An API root with its trailing slashes trimmed, once, where it enters (the command
/// line, a default, a test's literal). Every source, page strategy, encoder and emulated
/// server takes one, so `"\(base)/character"` never doubles a slash and no constructor
/// trims again.
///
/// It is text, not a checked URL: `APIRoot` checks what comes from outside; a `BaseURL`
/// that is no URL builds `URL.unservable` wherever a request is made from it.
public struct BaseURL: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The root without a trailing slash, e.g. `https://rickandmortyapi.com/api`.
    public let text: String

    public init(_ text: String) {
        var root = Substring(text)
        while root.hasSuffix("/") { root = root.dropLast() }
        self.text = String(root)
    }

    public init(stringLiteral value: String) { self.init(value) }

    public var description: String { text }

    /// `text` followed by `suffix` (which starts with `/` or `?`).
    public static func + (base: BaseURL, suffix: String) -> String { base.text + suffix }
}
