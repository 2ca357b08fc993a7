import Foundation
import PortalCore
import PortalJSON

// Compiled into the fuzz-event-stream target and, through a symlink, into PortalCoreTests
// (EventStreamsAreParsedByTheStandardsRulesTests replays inputs through it).
// Keep it to PortalCore and Foundation.

extension FuzzEntryPoint {
    /// `EventStreamParser` (and `ChangeReader` on what it dispatches) on any bytes a server
    /// could stream. The first byte picks the chunk size and the event limit (64…319
    /// bytes, so the bound is crossed often). Invariants: any chunking reads the same
    /// items; the parser never holds more than the limit allows; no event is larger than
    /// the limit; no id holds U+0000; an input within the limit reads exactly as a plain,
    /// unbounded reading of the standard's rules (`referenceEvents`); every change's NDJSON
    /// line is one JSON value whose record is the change's record.
    public static func eventStream(_ bytes: [UInt8]) throws {
        let first = Int(bytes.first ?? 0)
        let limit = 64 + first
        let chunk = 1 + first % 13
        var whole = EventStreamParser(maxEventBytes: limit)
        let expected = whole.feed(bytes)
        var parser = EventStreamParser(maxEventBytes: limit)
        var items: [EventStreamItem] = []
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + chunk)
            items += parser.feed(Array(bytes[start..<end]))
            if parser.heldBytes > 2 * limit + 16 { throw FuzzInvariantBroken("held \(parser.heldBytes) bytes with a limit of \(limit)") }
            start = end
        }
        guard items == expected else { throw FuzzInvariantBroken("chunks of \(chunk) read \(items.count) items, whole \(expected.count)") }
        for item in items {
            guard case .event(let event) = item else { continue }
            // A byte that is not UTF-8 becomes U+FFFD, three bytes.
            if event.data.utf8.count > 3 * limit { throw FuzzInvariantBroken("an event of \(event.data.utf8.count) bytes passed the limit \(limit)") }
            if event.lastEventID.contains("\u{0}") { throw FuzzInvariantBroken("an id holding U+0000") }
            if case .change(let change) = ChangeReader().read(event) {
                guard let line = try? JSONNode.parse(Data(change.jsonLine.utf8)), line.node["record"].map({ _ in true }) == true else {
                    throw FuzzInvariantBroken("a change's NDJSON line is not JSON: \(change.jsonLine.prefix(200))")
                }
            }
        }
        if bytes.count < limit {
            let reference = referenceEvents(bytes)
            let read = items.compactMap { item -> String? in
                switch item {
                case .event(let e): "\(e.type)|\(e.data)|\(e.lastEventID)"
                case .retry(let ms): "retry \(ms)"
                case .tooLarge: nil
                }
            }
            guard read == reference else { throw FuzzInvariantBroken("read \(read) where the standard's rules give \(reference)") }
        }
    }

    /// The event stream interpretation written as plainly as the standard says it, on the
    /// whole decoded text: `type|data|id` per event and `retry N` per retry, in order.
    static func referenceEvents(_ bytes: [UInt8]) -> [String] {
        var text = String(decoding: bytes, as: UTF8.self).unicodeScalars[...]
        if text.first == "\u{FEFF}" { text = text.dropFirst() }
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        var index = text.startIndex
        while index < text.endIndex {
            let scalar = text[index]
            index = text.index(after: index)
            if scalar == "\r" || scalar == "\n" {
                lines.append(String(current))
                current = String.UnicodeScalarView()
                if scalar == "\r", index < text.endIndex, text[index] == "\n" { index = text.index(after: index) }
            } else {
                current.append(scalar)
            }
        }
        // Code points, as the standard reads them (Swift's Characters would join a colon
        // or a space to a combining mark after it).
        var out: [String] = []
        var data: [Unicode.Scalar] = [], type: [Unicode.Scalar] = [], idBuffer: [Unicode.Scalar] = []
        func string(_ scalars: [Unicode.Scalar]) -> String { String(String.UnicodeScalarView(scalars)) }
        for line in lines.map({ Array($0.unicodeScalars) }) {
            if line.isEmpty {
                let lastID = string(idBuffer)
                if data.isEmpty { type = []; continue }
                if data.last == "\n" { data.removeLast() }
                out.append("\(type.isEmpty ? "message" : string(type))|\(string(data))|\(lastID)")
                data = []
                type = []
                continue
            }
            if line.first == ":" { continue }
            var field = line, value: [Unicode.Scalar] = []
            if let colon = line.firstIndex(of: ":") {
                field = Array(line[..<colon])
                value = Array(line[(colon + 1)...])
                if value.first == " " { value.removeFirst() }
            }
            switch string(field) {
            case "event": type = value
            case "data": data += value + ["\n"]
            case "id": if !value.contains("\u{0}") { idBuffer = value }
            case "retry":
                if !value.isEmpty, value.allSatisfy({ $0.value >= 0x30 && $0.value <= 0x39 }) {
                    out.append("retry \(Int(string(value)) ?? Int.max)")
                }
            default: break
            }
        }
        return out
    }
}
