#if canImport(Glibc)
import Glibc
#endif

/// Whether the terminal reads what portal writes as UTF-8, or only ASCII is safe.
///
/// A terminal that is not in UTF-8 mode (xterm started under `LANG=C`, or with no locale
/// at all) reads the bytes 0x80–0x9F as C1 controls, and UTF-8 is full of them: U+075D is
/// the bytes DD 9D, and 0x9D is OSC there. A server's name "\u{75D}0;title\u{71C}" — all
/// printable scalars, nothing `Sanitize` could object to — set the window's title, and
/// "\u{65B}2J" cleared the screen. So when the locale does not say UTF-8, only ASCII is
/// written to a terminal: each other scalar becomes `?` (portal's own few glyphs an ASCII
/// look-alike), the way `ls` shows such names.
///
/// The locale is read from its name (`LC_ALL`, else `LC_CTYPE`, else `LANG`; the first one
/// set), not from what `setlocale` managed to load: `LANG=en_US.UTF-8` on a system that
/// lacks that locale still names a UTF-8 terminal. No locale named at all means ASCII, as
/// xterm and tmux themselves take it.
public enum OutputCharset: Sendable, Equatable {
    case utf8
    case ascii

    /// The charset the locale names in `environment` (see the type's comment).
    public static func named(by environment: [String: String]) -> OutputCharset {
        let name = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        guard let name else { return .ascii }
        // `language_TERRITORY.codeset@modifier`; the codeset is compared as glibc
        // normalises it (case and punctuation ignored: UTF-8, utf8, UTF8). A bare
        // `UTF-8` is macOS's LC_CTYPE, which ssh passes on: a UTF-8 terminal too.
        let afterDot = name.contains(".") ? name.split(separator: ".", maxSplits: 1).dropFirst().first ?? "" : Substring(name)
        let codeset = afterDot.split(separator: "@", maxSplits: 1).first ?? ""
        let normalised = codeset.lowercased().filter { $0.isLetter || $0.isNumber }
        return normalised == "utf8" ? .utf8 : .ascii
    }

    /// The charset of this process's locale environment.
    public static func ofEnvironment() -> OutputCharset {
        var environment: [String: String] = [:]
        for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return named(by: environment)
    }

    /// What may be written to `descriptor`: the locale's charset when it is a terminal;
    /// UTF-8 when it is a file or a pipe (data for another program, not shown as is).
    public static func of(descriptor: Int32, locale: OutputCharset = ofEnvironment()) -> OutputCharset {
        isatty(descriptor) == 1 ? locale : .utf8
    }

    /// `text` as this charset may show it: unchanged for UTF-8; for ASCII every scalar
    /// past U+007E is its look-alike (`asciiStandIn`) or `?`. Controls are `Sanitize`'s
    /// business, not this one's.
    public func shown(_ text: String) -> String {
        guard self == .ascii, !text.utf8.allSatisfy({ $0 < 0x7F }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar.value < 0x7F {
                out.append(scalar)
            } else {
                out.append(Unicode.Scalar(Self.asciiStandIn(for: scalar) ?? UInt8(ascii: "?")))
            }
        }
        return String(out)
    }

    /// The ASCII character that stands for one of portal's own glyphs (arrows, the
    /// ellipsis of a cut, the separators and rules, the status dots), or nil for any other
    /// scalar. Each stands in for a one-column glyph, so columns stay where they were.
    public static func asciiStandIn(for scalar: Unicode.Scalar) -> UInt8? {
        switch scalar.value {
        case 0x2026: UInt8(ascii: ".")  // …
        case 0x00B7, 0x2014, 0x2013, 0x2500, 0x2194: UInt8(ascii: "-")  // · — – ─ ↔
        case 0x2502: UInt8(ascii: "|")  // │
        case 0x250C, 0x2510, 0x2514, 0x2518: UInt8(ascii: "+")  // ┌ ┐ └ ┘
        case 0x2192, 0x203A, 0x25B8: UInt8(ascii: ">")  // → › ▸
        case 0x2190, 0x2039, 0x232B: UInt8(ascii: "<")  // ← ‹ ⌫
        case 0x2191: UInt8(ascii: "^")  // ↑
        case 0x2193, 0x25BE: UInt8(ascii: "v")  // ↓ ▾
        case 0x00D7: UInt8(ascii: "x")  // ×
        case 0x2248: UInt8(ascii: "~")  // ≈
        case 0x201C, 0x201D: UInt8(ascii: "\"")  // “ ”
        case 0x2018, 0x2019: UInt8(ascii: "'")  // ‘ ’
        case 0x25CF, 0x25C6, 0x25CB, 0x25C7, 0x2588: UInt8(ascii: "*")  // ● ◆ ○ ◇ █
        case 0x2800...0x28FF: UInt8(ascii: "*")  // the braille spinner
        default: nil
        }
    }
}
