/// Reads a `text/event-stream` body by the WHATWG HTML standard's "event stream
/// interpretation", fed in chunks as they arrive (a chunk may end anywhere: inside a
/// line, between a CR and its LF, inside the byte order mark).
///
/// The rules: one leading U+FEFF is dropped; lines end with CRLF, LF or CR; a blank line
/// dispatches the event; a line starting with `:` is a comment; `field:value` (one space
/// after the colon dropped) or a bare `field` (empty value); `event` sets the type,
/// `data` appends its value and a line feed, `id` sets the last event id unless it holds
/// U+0000, `retry` sets the reconnection time when it is all ASCII digits, any other field
/// is ignored. Dispatch sets the last event id even when there is no data (so `id: 7`
/// and a blank line move a reconnection past event 7), then dispatches only when the data
/// buffer is not empty, its last line feed dropped. Text is UTF-8, bad bytes U+FFFD. At
/// the end of a stream a half-read event is dropped (`endOfStream`).
///
/// Why written here and not taken from a package: mattt/EventSource (the one in the
/// package mirror) does not build on Linux (it reads through `URLSession.bytes`), its
/// parser is an actor awaited once per byte, and it keeps any event whole, however large.
/// This one is a value, pure, and bounded: an event whose `data`/`event` fields pass
/// `maxEventBytes` is dropped as it comes (at most that many bytes held, however long the
/// server goes on) and reported as `.tooLarge` where it ends; a comment, `id` or unknown
/// line longer than the room left is dropped alone. Fuzzed (`fuzz-event-stream`).
public struct EventStreamParser: Sendable {
    /// 1 MiB: far above any record an API sends as one change.
    public static let defaultMaxEventBytes = 1_048_576

    public let maxEventBytes: Int
    /// The last event id dispatched: what `Last-Event-ID` carries on reconnection.
    public private(set) var lastEventID = ""
    /// The last `retry:` read, in milliseconds.
    public private(set) var reconnectionTime: Int?

    private var line: [UInt8] = []
    /// The line being read passed its bound: its bytes are dropped until it ends.
    private var lineDropped = false
    private var data: [UInt8] = []
    private var eventType: [UInt8] = []
    /// The last event id buffer, as bytes (decoded when an event is dispatched).
    private var idBuffer: [UInt8] = []
    /// The event being read passed `maxEventBytes`: its data and type are dropped.
    private var oversized = false
    /// Bytes of the byte order mark matched at the start of the stream; nil once past it.
    private var bomMatched: Int? = 0
    private var afterCR = false

    public init(maxEventBytes: Int = defaultMaxEventBytes) {
        self.maxEventBytes = max(16, maxEventBytes)
    }

    /// The bytes the parser holds for the event and line being read: at most
    /// `maxEventBytes` and a field name's 8 bytes (and the last `id`), whatever the
    /// stream sends. An event's size is its data lines, a line feed each, and its type.
    /// The id buffer is kept as bytes: decoded, a byte that is not UTF-8 is three.
    public var heldBytes: Int { line.count + data.count + eventType.count + idBuffer.count }

    /// Reads `chunk`, handing each event, `retry:` and skipped event to `emit` in order.
    public mutating func feed(_ chunk: UnsafeRawBufferPointer, _ emit: (EventStreamItem) throws -> Void) rethrows {
        var index = 0
        let end = chunk.count
        while index < end {
            if let matched = bomMatched {
                if chunk[index] == Self.bom[matched] {
                    index += 1
                    bomMatched = matched + 1 == Self.bom.count ? nil : matched + 1
                    continue
                }
                // Not a byte order mark: what looked like its start is text.
                bomMatched = nil
                append(Self.bom[..<matched])
            }
            if afterCR {
                afterCR = false
                if chunk[index] == Self.lf {
                    index += 1
                    continue
                }
            }
            var stop = index
            while stop < end, chunk[stop] != Self.lf, chunk[stop] != Self.cr { stop += 1 }
            append(UnsafeRawBufferPointer(rebasing: chunk[index..<stop]))
            guard stop < end else { return }
            afterCR = chunk[stop] == Self.cr
            try endLine(emit)
            index = stop + 1
        }
    }

    /// `feed` for bytes in an array: the items read.
    public mutating func feed(_ bytes: [UInt8]) -> [EventStreamItem] {
        var items: [EventStreamItem] = []
        bytes.withUnsafeBytes { feed($0) { items.append($0) } }
        return items
    }

    /// The stream ended (or the connection dropped): a half-read event is dropped, and the
    /// next stream starts afresh (its own byte order mark, its own id buffer); the last
    /// event id dispatched is kept for the reconnection.
    public mutating func endOfStream() {
        line = []
        lineDropped = false
        data = []
        eventType = []
        idBuffer = []
        oversized = false
        bomMatched = 0
        afterCR = false
    }

    // MARK: - Lines

    private static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    private static let lf = UInt8(ascii: "\n")
    private static let cr = UInt8(ascii: "\r")
    private static let colon = UInt8(ascii: ":")
    private static let dataPrefix = Array("data:".utf8)
    private static let eventPrefix = Array("event:".utf8)

    /// Adds bytes to the line, dropping the line when it passes the room the event has
    /// left: a `data` or `event` line drops its event with it, any other line only itself.
    private mutating func append(_ bytes: some Collection<UInt8>) {
        guard !lineDropped, !bytes.isEmpty else { return }
        // The field's name, colon and space are not the event's: 8 bytes for them.
        let room = maxEventBytes - data.count - eventType.count + 8
        guard line.count + bytes.count > room else {
            line.append(contentsOf: bytes)
            return
        }
        let head = Array((line + bytes.prefix(8)).prefix(6))
        if head.starts(with: Self.dataPrefix) || head.starts(with: Self.eventPrefix) { dropEvent() }
        lineDropped = true
        line = []
    }

    private mutating func dropEvent() {
        oversized = true
        data = []
        eventType = []
    }

    private mutating func endLine(_ emit: (EventStreamItem) throws -> Void) rethrows {
        defer {
            line.removeAll(keepingCapacity: line.capacity <= 4096)
            lineDropped = false
        }
        guard !lineDropped else { return }
        guard let first = line.first else { return try dispatch(emit) }
        if first == Self.colon { return }
        let colon = line.firstIndex(of: Self.colon)
        let name = line[..<(colon ?? line.endIndex)]
        var value = colon.map { line[line.index(after: $0)...] } ?? []
        if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        switch String(decoding: name, as: UTF8.self) {
        case "event":
            guard !oversized else { return }
            if value.count + data.count > maxEventBytes { return dropEvent() }
            eventType = Array(value)
        case "data":
            guard !oversized else { return }
            if data.count + eventType.count + value.count + 1 > maxEventBytes { return dropEvent() }
            data.append(contentsOf: value)
            data.append(Self.lf)
        case "id":
            if !value.contains(0) { idBuffer = Array(value) }
        case "retry":
            if !value.isEmpty, value.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
                let milliseconds = Self.saturatingInteger(value)
                reconnectionTime = milliseconds
                try emit(.retry(milliseconds: milliseconds))
            }
        default:
            break
        }
    }

    private mutating func dispatch(_ emit: (EventStreamItem) throws -> Void) rethrows {
        lastEventID = String(decoding: idBuffer, as: UTF8.self)
        if oversized {
            oversized = false
            return try emit(.tooLarge(limit: maxEventBytes))
        }
        guard !data.isEmpty else {
            eventType = []
            return
        }
        data.removeLast()
        let type = eventType.isEmpty ? "message" : String(decoding: eventType, as: UTF8.self)
        let event = ServerSentEvent(type: type, data: String(decoding: data, as: UTF8.self), lastEventID: lastEventID)
        data.removeAll(keepingCapacity: data.capacity <= 65_536)
        eventType = []
        try emit(.event(event))
    }

    /// ASCII digits as a base-ten integer, `Int.max` past it.
    private static func saturatingInteger(_ digits: some Collection<UInt8>) -> Int {
        var value = 0
        for digit in digits {
            let (times, overflowA) = value.multipliedReportingOverflow(by: 10)
            let (plus, overflowB) = times.addingReportingOverflow(Int(digit - UInt8(ascii: "0")))
            if overflowA || overflowB { return Int.max }
            value = plus
        }
        return value
    }
}
