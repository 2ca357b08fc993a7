import PortalCore

/// What `y` and `Y` put on the clipboard holds no character that acts when it is pasted.
///
/// The clipboard's bytes are pasted into a shell or an editor later, where a line feed
/// runs what came before it and `ESC [201~` ends a bracketed paste early (so the rest is
/// typed, not pasted): a server's `url` of `https://x/\ntouch ~/owned\n` copied by `Y`
/// ran `touch` when pasted. So a copied URL has its controls and hidden scalars (those
/// `Sanitize` replaces or drops: C0, DEL, C1, bidi overrides, zero-width characters)
/// percent-encoded, as they would be in a URL anyway; a copied item's JSON, already free of
/// raw C0 (JSON allows none in a string), has its DEL, C1 and hidden scalars written as
/// `\u` escapes — the same JSON value, with nothing that acts or hides when pasted.
enum ClipboardText {
    /// `url` with every control or hidden scalar as its UTF-8 percent-encoded (`%0A`).
    static func url(_ url: String) -> String {
        guard url.unicodeScalars.contains(where: needsEscape) else { return url }
        var out = ""
        for scalar in url.unicodeScalars {
            guard needsEscape(scalar) else {
                out.unicodeScalars.append(scalar)
                continue
            }
            for byte in String(scalar).utf8 { out += "%" + hex(byte, digits: 2) }
        }
        return out
    }

    /// `json` (valid JSON, whose raw controls can only be inside strings) with every
    /// control or hidden scalar as a `\u` escape (a surrogate pair past U+FFFF).
    static func json(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: needsEscape) else { return json }
        var out = ""
        for scalar in json.unicodeScalars {
            // The whitespace JSON allows between tokens stays as it is.
            guard needsEscape(scalar), !Sanitize.isLayout(scalar), scalar != "\r" else {
                out.unicodeScalars.append(scalar)
                continue
            }
            for unit in String(scalar).utf16 { out += "\\u" + hex(UInt32(unit), digits: 4) }
        }
        return out
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        Sanitize.isControl(scalar) || Sanitize.isHidden(scalar)
    }

    private static func hex<Value: BinaryInteger>(_ value: Value, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
