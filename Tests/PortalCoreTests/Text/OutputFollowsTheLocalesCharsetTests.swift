import PortalCore
import Testing

/// `OutputCharset`: on a terminal whose locale is not UTF-8, UTF-8's bytes 0x80–0x9F are
/// C1 controls (U+075D is DD 9D, and 0x9D is OSC), so only ASCII may be written there.
@Suite("Output charset")
struct OutputFollowsTheLocalesCharsetTests {
    @Test(arguments: [
        (["LANG": "C.UTF-8"], OutputCharset.utf8),
        (["LANG": "en_US.utf8"], .utf8),
        (["LANG": "de_DE.UTF8@euro"], .utf8),
        (["LC_ALL": "C.UTF-8", "LANG": "C"], .utf8),
        (["LC_CTYPE": "en_GB.UTF-8", "LANG": "C"], .utf8),
        (["LC_ALL": "", "LANG": "C.UTF-8"], .utf8),
        (["LANG": "C"], .ascii),
        (["LANG": "POSIX"], .ascii),
        (["LC_ALL": "C", "LANG": "C.UTF-8"], .ascii),
        (["LANG": "en_US.ISO-8859-1"], .ascii),
        (["LANG": "en_US"], .ascii),
        (["LC_CTYPE": "UTF-8", "LANG": "C"], .utf8),
        (["LANG": "C.ISO-8859-1@utf8"], .ascii),
        ([:], .ascii),
    ])
    func theLocaleNamesTheCharset(environment: [String: String], expected: OutputCharset) {
        #expect(OutputCharset.named(by: environment) == expected)
    }

    /// Printable scalars whose UTF-8 holds a C1 byte: a title change and a clear screen
    /// in an 8-bit terminal. In ASCII none of those bytes is left; ASCII is unchanged.
    @Test func asciiLeavesNoByteAbove0x7E() {
        let hostile = "Quiet \u{65B}2J\u{75D}0;OWNED\u{71C} name 漢字 😀"
        let shown = OutputCharset.ascii.shown(hostile)
        #expect(shown.utf8.allSatisfy { $0 < 0x7F }, "\(Array(shown.utf8))")
        #expect(shown == "Quiet ?2J?0;OWNED? name ?? ?")
        #expect(OutputCharset.utf8.shown(hostile) == hostile)
        #expect(OutputCharset.ascii.shown("plain: a\tb\n") == "plain: a\tb\n")
    }

    /// portal's own glyphs have look-alikes, so its screens still read in ASCII.
    @Test func portalsOwnGlyphsHaveLookAlikes() {
        #expect(OutputCharset.ascii.shown("1 / 826 · page 1 → next … ●") == "1 / 826 - page 1 > next . *")
    }
}

/// A password in a URL never reaches an error line (`URLPasswordRedaction`).
@Suite("URL passwords in error lines")
struct URLPasswordRedactionTests {
    @Test(arguments: [
        ("http://user:s3cret@127.0.0.1:1/x: refused", "http://user:***@127.0.0.1:1/x: refused"),
        ("a https://u:p:q@h/ and http://v:w@h2?x=1", "a https://u:***@h/ and http://v:***@h2?x=1"),
        ("http://user@host/ has no password", "http://user@host/ has no password"),
        ("mail a@b.c about http://host/x?to=a:b@c", "mail a@b.c about http://host/x?to=a:b@c"),
        ("no url here: a:b@c", "no url here: a:b@c"),
    ])
    func thePasswordIsStars(text: String, expected: String) {
        #expect(URLPasswordRedaction.redacted(text) == expected)
        #expect(URLPasswordRedaction.redacted(expected) == expected, "idempotent")
    }

    @Test func anErrorLineHidesIt() {
        let line = StandardStreams.errorLine("http://user:s3cret@127.0.0.1:1/x: cannot connect")
        #expect(!line.contains("s3cret") && line.contains("user:***@127.0.0.1"), "\(line)")
    }
}
