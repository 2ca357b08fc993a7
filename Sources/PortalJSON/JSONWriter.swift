import Foundation

/// A minimal JSON writer that keeps keys in the order they are written.
///
/// The API's key order is part of its shape (and of what `--json` and the mirror must
/// reproduce); JSONEncoder cannot promise an order, so objects are written by hand.
public struct JSONWriter {
    public private(set) var bytes: [UInt8] = []
    private var needsComma: [Bool] = []

    public init(reserving capacity: Int = 512) { bytes.reserveCapacity(capacity) }

    public var string: String { String(decoding: bytes, as: UTF8.self) }

    public mutating func beginObject() { valuePrefix(); bytes.append(UInt8(ascii: "{")); needsComma.append(false) }
    public mutating func endObject() { bytes.append(UInt8(ascii: "}")); needsComma.removeLast() }
    public mutating func beginArray() { valuePrefix(); bytes.append(UInt8(ascii: "[")); needsComma.append(false) }
    public mutating func endArray() { bytes.append(UInt8(ascii: "]")); needsComma.removeLast() }

    /// Writes `"key":`; the next call writes its value.
    public mutating func key(_ name: String) {
        valuePrefix()
        appendQuoted(name)
        bytes.append(UInt8(ascii: ":"))
        pendingValueAfterKey = true
    }

    public mutating func string(_ value: String) { valuePrefix(); appendQuoted(value) }
    public mutating func int(_ value: Int) { valuePrefix(); bytes.append(contentsOf: String(value).utf8) }
    public mutating func null() { valuePrefix(); bytes.append(contentsOf: "null".utf8) }
    public mutating func bool(_ value: Bool) { valuePrefix(); bytes.append(contentsOf: (value ? "true" : "false").utf8) }
    /// Appends an already-encoded JSON value as it is.
    public mutating func raw(_ json: some Sequence<UInt8>) { valuePrefix(); bytes.append(contentsOf: json) }

    public mutating func field(_ name: String, _ value: String) { key(name); string(value) }
    public mutating func field(_ name: String, _ value: Int) { key(name); int(value) }
    public mutating func field(_ name: String, _ value: String?) { key(name); if let value { string(value) } else { null() } }

    private var pendingValueAfterKey = false

    private mutating func valuePrefix() {
        if pendingValueAfterKey { pendingValueAfterKey = false; markWritten(); return }
        guard !needsComma.isEmpty else { return }
        if needsComma[needsComma.count - 1] { bytes.append(UInt8(ascii: ",")) }
        markWritten()
    }

    private mutating func markWritten() {
        if !needsComma.isEmpty { needsComma[needsComma.count - 1] = true }
    }

    /// Escapes what JSON requires and every control character besides: C0, DEL, and the
    /// C1 range U+0080–U+009F (UTF-8 `C2 80`…`C2 9F`), which a terminal may read as
    /// escape sequences when `--json` output is shown. Text from the network passes here.
    private mutating func appendQuoted(_ s: String) {
        bytes.append(UInt8(ascii: "\""))
        var c1Lead = false
        for b in s.utf8 {
            if c1Lead {
                c1Lead = false
                if (0x80...0x9F).contains(b) {
                    appendUnicodeEscape(0x00, b)
                    continue
                }
                bytes.append(0xC2)
            }
            switch b {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [92, 34])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [92, 92])
            case 0x0A: bytes.append(contentsOf: [92, UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [92, UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [92, UInt8(ascii: "t")])
            case 0..<0x20, 0x7F: appendUnicodeEscape(0x00, b)
            case 0xC2: c1Lead = true
            default: bytes.append(b)
            }
        }
        if c1Lead { bytes.append(0xC2) }
        bytes.append(UInt8(ascii: "\""))
    }

    /// `\uHHLL`.
    private mutating func appendUnicodeEscape(_ high: UInt8, _ low: UInt8) {
        let hex = Array("0123456789abcdef".utf8)
        bytes.append(contentsOf: [92, UInt8(ascii: "u"), hex[Int(high >> 4)], hex[Int(high & 15)], hex[Int(low >> 4)], hex[Int(low & 15)]])
    }
}
