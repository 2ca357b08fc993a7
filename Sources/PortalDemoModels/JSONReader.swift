import Foundation
import PortalJSON

/// A forward-only reader over JSON bytes that decodes straight into models.
///
/// JSONDecoder costs about 80 µs per character on Linux; this reader makes no
/// intermediate tree and no per-key allocations, which is what keeps loading the snapshot
/// and decoding a page at a million rows cheap. It is strict JSON (RFC 8259).
///
/// Its input comes from servers and files portal does not control, so every dimension
/// has a limit (`Limits`): nesting depth (a page nested 20,000 levels deep would
/// otherwise overflow the stack of the recursive descent), the length of a number and
/// of a string. Going past one is a `Failure` like any other malformed input.
public struct JSONReader {
    /// Where and why the input stopped being JSON, for the "malformed page" message.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public let offset: Int
        public let reason: String
        public var description: String { "\(reason) at byte \(offset)" }
    }

    /// The most the reader accepts. No answer of the APIs portal reads comes near them:
    /// a page is 3 levels deep, its longest string a few hundred bytes.
    public struct Limits: Sendable {
        /// Objects and arrays open at once.
        public var depth = 512
        /// Characters of one number (`-1.5e3` is 6).
        public var numberLength = 40
        /// UTF-8 bytes of one string, escapes decoded.
        public var stringBytes = 64 * 1024
        public init() {}
    }

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0
    public let limits: Limits

    public init(_ data: Data, limits: Limits = Limits()) {
        bytes = [UInt8](data)
        self.limits = limits
    }

    public init(bytes: [UInt8], limits: Limits = Limits()) {
        self.bytes = bytes
        self.limits = limits
    }

    // MARK: - Structure

    /// Reads an object, calling `body` with each key; `body` must read (or skip) the value.
    public mutating func readObject(_ body: (inout JSONReader, String) throws -> Void) throws {
        try expect(UInt8(ascii: "{"))
        try enterNested()
        defer { depth -= 1 }
        skipSpace()
        if peek() == UInt8(ascii: "}") { index += 1; return }
        while true {
            skipSpace()
            let key = try readString()
            skipSpace()
            try expect(UInt8(ascii: ":"))
            try body(&self, key)
            skipSpace()
            let next = try take()
            if next == UInt8(ascii: "}") { return }
            guard next == UInt8(ascii: ",") else { throw fail("expected , or }") }
        }
    }

    /// Reads an array, calling `body` once per element; `body` must read the element.
    public mutating func readArray(_ body: (inout JSONReader) throws -> Void) throws {
        try expect(UInt8(ascii: "["))
        try enterNested()
        defer { depth -= 1 }
        skipSpace()
        if peek() == UInt8(ascii: "]") { index += 1; return }
        while true {
            try body(&self)
            skipSpace()
            let next = try take()
            if next == UInt8(ascii: "]") { return }
            guard next == UInt8(ascii: ",") else { throw fail("expected , or ]") }
        }
    }

    /// Reads an array of values read by `element`.
    public mutating func readArray<T>(of element: (inout JSONReader) throws -> T) throws -> [T] {
        var out: [T] = []
        try readArray { reader in out.append(try element(&reader)) }
        return out
    }

    /// Fails unless only whitespace is left.
    public mutating func expectEnd() throws {
        skipSpace()
        guard index == bytes.count else { throw fail("trailing data") }
    }

    // MARK: - Values

    /// A string, escapes decoded by PortalJSON's rules (`JSONStringEscapes`, the scanner's).
    public mutating func readString() throws -> String {
        skipSpace()
        try expect(UInt8(ascii: "\""))
        let start = index
        var escaped = false
        while index < bytes.count {
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                let raw = bytes[start..<index]
                guard escaped else {
                    guard raw.count <= limits.stringBytes else { throw fail("string longer than \(limits.stringBytes) bytes") }
                    index += 1
                    return String(decoding: raw, as: UTF8.self)
                }
                guard let text = JSONStringEscapes.decode(raw) else { throw fail("invalid escape in string") }
                guard text.utf8.count <= limits.stringBytes else { throw fail("string longer than \(limits.stringBytes) bytes") }
                index += 1
                return text
            }
            if b == UInt8(ascii: "\\") {
                escaped = true
                index += 2
                continue
            }
            if b < 0x20 { throw fail("control character in string") }
            index += 1
        }
        throw fail("unterminated string")
    }

    /// A string, or nil for `null`.
    public mutating func readOptionalString() throws -> String? {
        if try readNull() { return nil }
        return try readString()
    }

    public mutating func readInt() throws -> Int {
        skipSpace()
        let start = index
        let negative = peek() == UInt8(ascii: "-")
        if negative { index += 1 }
        var value = 0
        var digits = 0
        while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 {
            // Accumulated negatively so that Int.min itself reads.
            let (m, o1) = value.multipliedReportingOverflow(by: 10)
            let (a, o2) = m.subtractingReportingOverflow(Int(bytes[index] - 48))
            guard !o1, !o2 else { index = start; throw fail("integer too large") }
            value = a
            digits += 1
            index += 1
        }
        guard digits > 0 else { index = start; throw fail("expected an integer") }
        if index < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[index]) {
            index = start
            throw fail("expected an integer, found a fraction")
        }
        if negative { return value }
        guard value != Int.min else { index = start; throw fail("integer too large") }
        return -value
    }

    public mutating func readOptionalInt() throws -> Int? {
        if try readNull() { return nil }
        return try readInt()
    }

    /// An integer when the next value is one that fits in `Int`; any other value (a
    /// string, a fraction, null, an object) is skipped and read as nil. For fields a
    /// server may get wrong without the rest of the answer being wrong (`info.count`).
    public mutating func readIntIfInteger() throws -> Int? {
        skipSpace()
        let start = index
        if let value = try? readInt() { return value }
        index = start
        try skipValue()
        return nil
    }

    /// An integer id that fits in 32 bits, as models store them: a larger one is refused,
    /// never truncated (`4294967297` must not become 1).
    public mutating func readID() throws -> Int {
        skipSpace()
        let start = index
        let value = try readInt()
        guard Int32(exactly: value) != nil else { index = start; throw fail("id \(value) out of range") }
        return value
    }

    /// Consumes `null` and returns true, or leaves the input and returns false.
    public mutating func readNull() throws -> Bool {
        skipSpace()
        guard peek() == UInt8(ascii: "n") else { return false }
        try literal("null")
        return true
    }

    /// Skips any one value.
    public mutating func skipValue() throws {
        skipSpace()
        switch peek() {
        case UInt8(ascii: "{"): try readObject { r, _ in try r.skipValue() }
        case UInt8(ascii: "["): try readArray { r in try r.skipValue() }
        case UInt8(ascii: "\""): _ = try readString()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default: try skipNumber()
        }
    }

    // MARK: - Bytes

    private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func take() throws -> UInt8 {
        guard index < bytes.count else { throw fail("unexpected end") }
        defer { index += 1 }
        return bytes[index]
    }

    private mutating func expect(_ byte: UInt8) throws {
        skipSpace()
        guard index < bytes.count, bytes[index] == byte else {
            throw fail("expected \(Swift.Character(Unicode.Scalar(byte)))")
        }
        index += 1
    }

    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private mutating func literal(_ word: StaticString) throws {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw fail("unexpected end") }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
            throw fail("invalid literal")
        }
        index += count
    }

    /// Skips one number of JSON's grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    private mutating func skipNumber() throws {
        let start = index
        func digits(_ reader: inout JSONReader) -> Int {
            let from = reader.index
            while let b = reader.peek(), b >= 48, b <= 57 { reader.index += 1 }
            return reader.index - from
        }
        if peek() == UInt8(ascii: "-") { index += 1 }
        guard digits(&self) > 0 else { throw fail("unexpected character") }
        if peek() == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw fail("digits expected after .") }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            guard digits(&self) > 0 else { throw fail("digits expected in exponent") }
        }
        guard index - start <= limits.numberLength else {
            index = start
            throw fail("number longer than \(limits.numberLength) characters")
        }
    }

    /// Counts one more open object or array, failing past `limits.depth`.
    private mutating func enterNested() throws {
        guard depth < limits.depth else { throw fail("nested deeper than \(limits.depth) levels") }
        depth += 1
    }

    private func fail(_ reason: String) -> Failure { Failure(offset: index, reason: reason) }
}
