@testable import PortalCore
import Testing

/// The WHATWG HTML standard's event stream interpretation, one rule a test, and the bounds
/// portal adds (a maximum event size, memory held for a 100 MB event).
@Suite struct EventStreamsAreParsedByTheStandardsRulesTests {
    static func events(_ text: String, chunks: Int? = nil, max: Int = EventStreamParser.defaultMaxEventBytes) -> [EventStreamItem] {
        var parser = EventStreamParser(maxEventBytes: max)
        let bytes = Array(text.utf8)
        guard let chunks else { return parser.feed(bytes) }
        var items: [EventStreamItem] = []
        var start = 0
        while start < bytes.count {
            let end = Swift.min(bytes.count, start + chunks)
            items += parser.feed(Array(bytes[start..<end]))
            start = end
        }
        return items
    }

    static func event(_ data: String, type: String = "message", id: String = "") -> EventStreamItem {
        .event(ServerSentEvent(type: type, data: data, lastEventID: id))
    }

    @Test func aBlankLineDispatchesTheDataAsAMessage() {
        #expect(Self.events("data: hello\n\n") == [Self.event("hello")])
        #expect(Self.events("data: hello\n") == [], "no blank line: not dispatched")
    }

    @Test func dataLinesAreJoinedByLineFeeds() {
        #expect(Self.events("data: a\ndata: b\ndata\ndata: c\n\n") == [Self.event("a\nb\n\nc")])
    }

    @Test(arguments: ["\n", "\r\n", "\r"])
    func everyLineEndingEndsALine(_ end: String) {
        let text = ["event: e", "data: 1", "", "data: 2", "", ""].joined(separator: end)
        #expect(Self.events(text) == [Self.event("1", type: "e"), Self.event("2")])
        // Any chunking gives the same, a CR and its LF in two chunks included.
        for size in 1...4 { #expect(Self.events(text, chunks: size) == Self.events(text)) }
    }

    @Test func mixedLineEndingsAndACRThenLFAcrossChunksAreOneLineEnd() {
        #expect(Self.events("data: a\r\ndata: b\rdata: c\n\r\n") == [Self.event("a\nb\nc")])
        var parser = EventStreamParser()
        #expect(parser.feed(Array("data: x\r".utf8)) == [])
        // The LF after the CR is not a second (blank) line.
        #expect(parser.feed(Array("\ndata: y\r\r".utf8)) == [Self.event("x\ny")])
    }

    @Test func oneLeadingByteOrderMarkIsDropped() {
        #expect(Self.events("\u{FEFF}data: a\n\n") == [Self.event("a")])
        #expect(Self.events("\u{FEFF}data: a\n\n", chunks: 1) == [Self.event("a")])
        // A second one is part of the field name: an unknown field.
        #expect(Self.events("\u{FEFF}\u{FEFF}data: a\n\n") == [])
        // Not at the start: text.
        #expect(Self.events("data: \u{FEFF}a\n\n") == [Self.event("\u{FEFF}a")])
    }

    @Test func theStartOfAByteOrderMarkThatIsNotOneIsText() {
        var parser = EventStreamParser()
        #expect(parser.feed([0xEF, 0xBB]) == [])
        #expect(parser.feed(Array("data: a\n\n".utf8)) == [], "the field name is EF BB 'data'")
        var other = EventStreamParser()
        #expect(other.feed([0xEF] + Array("\ndata: b\n\n".utf8)) == [Self.event("b")])
    }

    @Test func commentsAreIgnored() {
        #expect(Self.events(": heartbeat\n:\ndata: a\n: inside\n\n") == [Self.event("a")])
        #expect(Self.events(": only a comment\n\n") == [])
    }

    @Test func onlyOneSpaceAfterTheColonIsDropped() {
        #expect(Self.events("data:a\n\n") == [Self.event("a")])
        #expect(Self.events("data:  a \n\n") == [Self.event(" a ")])
        #expect(Self.events("data:\tb\n\n") == [Self.event("\tb")])
        #expect(Self.events("data: a:b\n\n") == [Self.event("a:b")], "only the first colon splits")
    }

    @Test func aFieldWithoutAColonHasAnEmptyValue() {
        #expect(Self.events("data\n\n") == [Self.event("")])
        #expect(Self.events("data\ndata\n\n") == [Self.event("\n")])
    }

    @Test func theEventTypeNamesOneEventOnly() {
        #expect(Self.events("event: created\ndata: 1\n\ndata: 2\n\n") == [Self.event("1", type: "created"), Self.event("2")])
        #expect(Self.events("event: a\nevent: b\ndata: 1\n\n") == [Self.event("1", type: "b")])
        #expect(Self.events("event:\ndata: 1\n\n") == [Self.event("1")], "an empty type is a message")
    }

    @Test func fieldNamesAreCaseSensitiveAndUnknownOnesIgnored() {
        #expect(Self.events("Data: a\nDATA: b\nfoo: c\ndata: d\n\n") == [Self.event("d")])
    }

    @Test func anEventWithoutDataIsNotDispatched() {
        #expect(Self.events("event: ping\n\n") == [])
        #expect(Self.events("event: ping\n\ndata: x\n\n") == [Self.event("x")], "the type does not carry over")
    }

    @Test func theLastEventIDCarriesOverAndAnIDAloneMovesIt() {
        var parser = EventStreamParser()
        #expect(parser.feed(Array("id: 1\ndata: a\n\ndata: b\n\n".utf8)) == [Self.event("a", id: "1"), Self.event("b", id: "1")])
        #expect(parser.feed(Array("id: 7\n\n".utf8)) == [])
        #expect(parser.lastEventID == "7", "an id with no data still counts for the reconnection")
        #expect(parser.feed(Array("id\ndata: c\n\n".utf8)) == [Self.event("c")], "an empty id resets it")
        #expect(parser.lastEventID == "")
    }

    @Test func anIDHoldingNULIsIgnored() {
        #expect(Self.events("id: 3\n\nid: 4\u{0}5\ndata: a\n\n") == [Self.event("a", id: "3")])
    }

    @Test func anIDIsOnlyTakenWhenTheEventEnds() {
        var parser = EventStreamParser()
        _ = parser.feed(Array("id: 9\ndata: a\n".utf8))
        #expect(parser.lastEventID == "")
        parser.endOfStream()
        #expect(parser.lastEventID == "", "a half-read event is dropped, its id too")
    }

    @Test func retryTakesDigitsOnly() {
        #expect(Self.events("retry: 1500\n") == [.retry(milliseconds: 1500)])
        #expect(Self.events("retry: 0\n") == [.retry(milliseconds: 0)])
        for bad in ["retry: 1.5\n", "retry: -1\n", "retry: +5\n", "retry: 5 \n", "retry:\n", "retry: x\n", "retry: ５\n"] {
            #expect(Self.events(bad) == [], "\(bad)")
        }
        #expect(Self.events("retry: 99999999999999999999999\n") == [.retry(milliseconds: Int.max)])
        var parser = EventStreamParser()
        _ = parser.feed(Array("retry: 250\n".utf8))
        #expect(parser.reconnectionTime == 250)
    }

    @Test func theEndOfAStreamDropsAHalfReadEventAndTheNextStartsAfresh() {
        var parser = EventStreamParser()
        #expect(parser.feed(Array("id: 1\ndata: a\n\nid: 2\ndata: half".utf8)) == [Self.event("a", id: "1")])
        parser.endOfStream()
        #expect(parser.lastEventID == "1")
        // The next stream has its own byte order mark and id buffer.
        #expect(parser.feed(Array("\u{FEFF}data: b\n\n".utf8)) == [Self.event("b", id: "")])
    }

    @Test func bytesThatAreNotUTF8BecomeReplacementCharacters() {
        var parser = EventStreamParser()
        #expect(parser.feed(Array("data: a".utf8) + [0xFF, 0xC3] + Array("\n\n".utf8)) == [Self.event("a\u{FFFD}\u{FFFD}")])
    }

    @Test func anyChunkingReadsTheSameEvents() {
        let stream = "\u{FEFF}: hi\r\nid: 1\revent: created\ndata: {\"id\":1}\r\n\r\nretry: 10\n\ndata: é\ndata\r\r: x\n"
        let whole = Self.events(stream)
        #expect(whole.count == 3)
        for size in 1...9 { #expect(Self.events(stream, chunks: size) == whole, "chunks of \(size)") }
    }

    // MARK: - Bounds

    @Test func anEventPastTheLimitIsSkippedAndTheStreamGoesOn() {
        let big = String(repeating: "x", count: 100)
        let items = Self.events("id: 1\ndata: \(big)\n\nid: 2\ndata: ok\n\n", max: 64)
        #expect(items == [.tooLarge(limit: 64), Self.event("ok", id: "2")])
        // Many short data lines add up to the limit too; the skipped event's id counts.
        let lines = String(repeating: "data: 0123456789\n", count: 10)
        var parser = EventStreamParser(maxEventBytes: 64)
        #expect(parser.feed(Array("id: 5\n\(lines)\n".utf8)) == [.tooLarge(limit: 64)])
        #expect(parser.lastEventID == "5")
        #expect(EventStreamItem.tooLargeNote(limit: 1_048_576) == "an event larger than 1 MiB was skipped")
    }

    @Test func aLongCommentOrIDLineIsDroppedAloneWithoutSkippingItsEvent() {
        let long = String(repeating: "c", count: 200)
        #expect(Self.events(": \(long)\ndata: a\n\n", max: 64) == [Self.event("a")])
        #expect(Self.events("id: 1\n\nid: \(long)\ndata: a\n\n", max: 64) == [Self.event("a", id: "1")])
        #expect(Self.events("event: \(long)\ndata: a\n\ndata: b\n\n", max: 64) == [.tooLarge(limit: 64), Self.event("b")])
    }

    /// A 100 MB event in 64 KiB chunks: the parser never holds more than the limit (and
    /// a line's few bytes), and the next event is read.
    @Test func aHundredMegabyteEventHoldsNoMoreThanTheLimit() {
        var parser = EventStreamParser()
        var items: [EventStreamItem] = []
        var most = 0
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 65_536)
        _ = parser.feed(Array("data: ".utf8))
        for _ in 0..<(100_000_000 / chunk.count) {
            chunk.withUnsafeBytes { parser.feed($0) { items.append($0) } }
            most = max(most, parser.heldBytes)
        }
        items += parser.feed(Array("\n\ndata: next\n\n".utf8))
        #expect(most <= EventStreamParser.defaultMaxEventBytes + 8)
        #expect(items == [.tooLarge(limit: EventStreamParser.defaultMaxEventBytes), Self.event("next")])
        #expect(parser.heldBytes == 0)
    }

    @Test func anEventJustUnderTheLimitIsKept() {
        // 63 bytes and a line feed: 64.
        let data = String(repeating: "y", count: 63)
        #expect(Self.events("data: \(data)\n\n", max: 64) == [Self.event(data)])
        #expect(Self.events("data: \(data)y\n\n", max: 64) == [.tooLarge(limit: 64)])
    }
}

/// The fuzz target's invariants (`FuzzEntryPoint.eventStream`: chunking, bounds, the
/// standard's rules read plainly) on streams that cross the bound and the line rules.
@Suite struct EventStreamFuzzEntryTests {
    @Test(arguments: [
        "\u{0}\u{FEFF}id: 1\r\nevent: created\ndata: {\"type\":\"created\",\"record\":{\"id\":1}}\n\n",
        "\u{5}retry: 12\rdata\r\rdata: a\r\n: c\r\n\r\nid: x\u{0}y\n\n",
        "\u{FF}" + String(repeating: "data: 0123456789abcdef\n", count: 40) + "\nid: 2\ndata: after\n\n",
        "\u{7}data: {\"op\":\"d\",\"before\":{\"id\":\"k\"}}\n\n",
    ])
    func theFuzzInvariantsHold(input: String) throws {
        try FuzzEntryPoint.eventStream(Array(input.utf8))
    }

    /// fuzz-event-stream's first finding: an `id` of bytes that are not UTF-8 was held
    /// decoded, each byte three (U+FFFD), past the bound; the buffer is bytes now.
    @Test func anIDOfBytesThatAreNotUTF8IsHeldAsItsBytes() throws {
        let input: [UInt8] = [0x05] + Array(":b\rid:\"u".utf8) + Array(repeating: 0x9D, count: 66) + Array("rl\":\n".utf8)
        try FuzzEntryPoint.eventStream(input)
    }

    /// Its second: the plain reading split `data:` from a combining mark after the colon
    /// as Swift's Characters do (one grapheme); the standard reads code points, as the
    /// parser does. The reference reads code points now.
    @Test func aCombiningMarkAfterTheColonIsTheValuesFirstCodePoint() throws {
        let input: [UInt8] = [0x05, 0xEF, 0xBB, 0xBF, 0x15] + Array("da\ndata:".utf8) + [0xD6, 0x9D] + Array("\r;d: 4\r\n\r\n".utf8)
        try FuzzEntryPoint.eventStream(input)
        var parser = EventStreamParser()
        #expect(parser.feed(Array("data:\u{301}x\n\n".utf8)) == [.event(ServerSentEvent(data: "\u{301}x"))])
        #expect(parser.feed(Array("data: \u{301}\n\n".utf8)) == [.event(ServerSentEvent(data: "\u{301}"))], "only the space goes")
    }
}
