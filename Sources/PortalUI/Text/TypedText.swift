/// Text the user types into the search prompt or a filter field. A paste can be any size,
/// and the text becomes a query value and is drawn on every frame, so it is bounded: past
/// `maxBytes` of UTF-8 (far beyond any name the APIs hold) typing is ignored. Controls
/// never get in: they would reach the screen and the URL.
enum TypedText {
    static let maxBytes = 1024

    static func append(_ c: Character, to text: inout String) {
        guard !c.unicodeScalars.contains(where: DisplayWidth.isControl),
              text.utf8.count + c.utf8.count <= maxBytes else { return }
        text.append(c)
    }
}
