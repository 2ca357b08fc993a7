import Foundation
import Testing
@testable import PortalCore

/// The normal forms identity is compared in: a row's number (`RowNumber`) and a URL's
/// (`NormalisedURL`).
@Suite("Normal forms of ids and URLs")
struct RowNumbersAndURLsHaveOneNormalFormTests {
    @Test func rowNumbersComeFromRangesThatNeverMeet() {
        #expect(RowNumber.of(id: "#0", position: 0) != RowNumber.of(id: "0", position: 5))
        #expect(RowNumber.of(id: "#2", position: 2) != RowNumber.of(id: "2", position: 3))
        #expect(RowNumber.of(id: "9223372036854775807", position: 0) != RowNumber.of(id: "#0", position: 0))
        #expect(RowNumber.of(id: "42", position: 7) == 42)
    }

    /// URLs in their normal form: query order, empty pairs, a default port and the case of
    /// the scheme and host do not make another URL; the path and values do.
    @Test func normalisedURLsCompareSpellingsOfOneRequest() {
        #expect(NormalisedURL.of("http://h.test/a?b=2&a=1") == NormalisedURL.of("HTTP://H.test:80/a?a=1&&b=2&"))
        #expect(NormalisedURL.of("https://h.test:443/a") == NormalisedURL.of("https://h.test/a"))
        #expect(NormalisedURL.of("http://h.test/a?a=1") != NormalisedURL.of("http://h.test/a?a=2"))
        #expect(NormalisedURL.of("http://h.test/a") != NormalisedURL.of("http://h.test/b"))
        #expect(NormalisedURL.of("http://h.test:8080/a") != NormalisedURL.of("http://h.test/a"))
    }
}
