import PortalCore
import Testing

/// `Sanitize.line`: nothing from the network may act on the terminal or change how the
/// rest of a line reads or lines up.
@Suite("Sanitize")
struct ControlCharactersBecomeVisibleReplacementsTests {
    @Test func controlsBecomeReplacementCharacters() {
        #expect(Sanitize.line("a\u{1B}[2Jb\u{9B}c\u{7F}") == "a\u{FFFD}[2Jb\u{FFFD}c\u{FFFD}")
    }

    /// What one screen line can show: the first `limit` scalars, sanitised, and "…" when
    /// there was more; text within the limit (in scalars, whatever its bytes) is whole.
    @Test func aLineForTheScreenKeepsOnlyWhatCanBeShown() {
        let long = String(repeating: "a\u{1B}", count: 40_000)
        let cut = Sanitize.line(long, limit: 10)
        #expect(cut == String(repeating: "a\u{FFFD}", count: 5) + "…")
        #expect(Sanitize.line("日本語日本語", limit: 6) == "日本語日本語")
        #expect(Sanitize.line("日本語日本語!", limit: 6) == "日本語日本語…")
        #expect(Sanitize.line("Rick\u{202E}", limit: 100) == "Rick")
    }

    @Test func ordinaryTextIsUntouched() {
        for text in ["Rick Sanchez", "Mörty", "e\u{301}", "日本語", "مرحبا", "🚀 Rocket", "Ｒｉｃｋ", "👨👩👧"] {
            #expect(Sanitize.line(text) == text)
        }
    }

    @Test(arguments: [
        ("\u{202E}", "right-to-left override"), ("\u{202A}", "left-to-right embedding"),
        ("\u{202B}", "right-to-left embedding"), ("\u{202C}", "pop directional formatting"),
        ("\u{202D}", "left-to-right override"), ("\u{2066}", "left-to-right isolate"),
        ("\u{2067}", "right-to-left isolate"), ("\u{2068}", "first strong isolate"),
        ("\u{2069}", "pop directional isolate"), ("\u{200E}", "left-to-right mark"),
        ("\u{200F}", "right-to-left mark"), ("\u{061C}", "Arabic letter mark"),
        ("\u{00AD}", "soft hyphen"), ("\u{FEFF}", "byte order mark"), ("\u{200B}", "zero-width space"),
        ("\u{200D}", "zero-width joiner"), ("\u{2060}", "word joiner"), ("\u{FFF9}", "interlinear annotation"),
        ("\u{E0041}", "tag letter A"), ("\u{FE0F}", "variation selector 16"), ("\u{1F3FD}", "skin-tone modifier"),
    ])
    func hiddenCharactersAreDropped(hidden: String, name: String) {
        #expect(Sanitize.line("ab" + hidden + "cd") == "abcd", "\(name) survived")
    }

    @Test func aReversedFilenameTrickReadsAsWritten() {
        // "evil‮gpj.exe" displays as "evilexe.jpg" in a bidi-aware view.
        #expect(Sanitize.line("evil\u{202E}gpj.exe") == "evilgpj.exe")
    }

    @Test func emojiSequencesShowAsTheirParts() {
        #expect(Sanitize.line("👨‍👩‍👧") == "👨👩👧")
        #expect(Sanitize.line("👍🏽 ❤️") == "👍 ❤")
    }

    @Test func everyFormatCharacterIsHidden() {
        var missing: [String] = []
        // Format characters exist in planes 0, 1 and 14 only.
        for value in Array(UInt32(0)..<0x20000) + Array(UInt32(0xE0000)..<0xE1000) {
            guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory == .format else { continue }
            if !Sanitize.isHidden(scalar) { missing.append("U+" + String(value, radix: 16, uppercase: true)) }
        }
        #expect(missing.isEmpty, "format characters that get through: \(missing)")
    }
}
