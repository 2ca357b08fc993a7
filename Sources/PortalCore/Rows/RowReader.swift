import Foundation
import PortalJSON

/// Reads a PostgREST answer (a JSON array of objects) into `Row`s without a tree: it finds
/// each value's bytes, so every row keeps its exact JSON and its column order, which
/// `JSONSerialization` would lose. Strings are decoded by `JSONReader`.
///
/// Bounded: at most `maxColumns` columns a row (the body itself is capped by the transport).
public struct RowReader: Sendable {
    public static let maxColumns = 512

    /// `firstPosition` is the list position of the first row, for tables without `id`.
    public static func rows(_ data: Data, firstPosition: Int = 0) throws(RowReaderFailure) -> [Row] {
        var scanner = Scanner(bytes: [UInt8](data))
        var rows: [Row] = []
        try scanner.expect(UInt8(ascii: "["))
        if try scanner.consume(UInt8(ascii: "]")) {
            try scanner.end()
            return rows
        }
        repeat {
            rows.append(try scanner.row(position: firstPosition + rows.count))
        } while try scanner.consume(UInt8(ascii: ","))
        try scanner.expect(UInt8(ascii: "]"))
        try scanner.end()
        return rows
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        mutating func row(position: Int) throws(RowReaderFailure) -> Row {
            skipSpace()
            let start = index
            try expect(UInt8(ascii: "{"))
            var columns: [(name: String, value: Row.Value)] = []
            if try !consume(UInt8(ascii: "}")) {
                repeat {
                    guard columns.count < RowReader.maxColumns else { throw fail("more than \(RowReader.maxColumns) columns") }
                    skipSpace()
                    let key = try string(try span())
                    try expect(UInt8(ascii: ":"))
                    skipSpace()
                    columns.append((key, try value(try span())))
                } while try consume(UInt8(ascii: ","))
                try expect(UInt8(ascii: "}"))
            }
            let json = String(decoding: bytes[start..<index], as: UTF8.self)
            let id = columns.first { $0.name == "id" }.map { $0.value.description } ?? "#\(position)"
            return Row(id: id, columns: columns, json: json, position: position)
        }

        func value(_ range: Range<Int>) throws(RowReaderFailure) -> Row.Value {
            let text = String(decoding: bytes[range], as: UTF8.self)
            switch bytes[range.lowerBound] {
            case UInt8(ascii: "\""): return .string(try string(range))
            case UInt8(ascii: "n"): guard text == "null" else { throw fail("invalid literal") }; return .null
            case UInt8(ascii: "t"): guard text == "true" else { throw fail("invalid literal") }; return .bool(true)
            case UInt8(ascii: "f"): guard text == "false" else { throw fail("invalid literal") }; return .bool(false)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var reader = JSONReader(bytes: Array(bytes[range]))
                do {
                    try reader.skipValue()
                    try reader.expectEnd()
                } catch {
                    throw RowReaderFailure("\(error)")
                }
                return .json(text)
            default:
                guard Double(text) != nil else { throw fail("invalid number") }
                return .number(text)
            }
        }

        func string(_ range: Range<Int>) throws(RowReaderFailure) -> String {
            var reader = JSONReader(bytes: Array(bytes[range]))
            do {
                return try reader.readString()
            } catch {
                throw RowReaderFailure("\(error)")
            }
        }

        /// The bytes of the value starting here (strings with escapes, nested arrays and
        /// objects), leaving the index after it.
        mutating func span() throws(RowReaderFailure) -> Range<Int> {
            skipSpace()
            let start = index
            guard index < bytes.count else { throw fail("unexpected end") }
            switch bytes[index] {
            case UInt8(ascii: "\""):
                try skipString()
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var depth = 0
                repeat {
                    guard index < bytes.count else { throw fail("unexpected end") }
                    switch bytes[index] {
                    case UInt8(ascii: "\""): try skipString(); continue
                    case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
                    default: break
                    }
                    index += 1
                } while depth > 0
            default:
                while index < bytes.count, !",}] \n\r\t".utf8.contains(bytes[index]) { index += 1 }
                guard index > start else { throw fail("expected a value") }
            }
            return start..<index
        }

        mutating func skipString() throws(RowReaderFailure) {
            index += 1
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\\"): index += 2
                case UInt8(ascii: "\""): index += 1; return
                default: index += 1
                }
            }
            throw fail("unterminated string")
        }

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
        }

        mutating func consume(_ byte: UInt8) throws(RowReaderFailure) -> Bool {
            skipSpace()
            guard index < bytes.count else { throw fail("unexpected end") }
            guard bytes[index] == byte else { return false }
            index += 1
            return true
        }

        mutating func expect(_ byte: UInt8) throws(RowReaderFailure) {
            guard try consume(byte) else { throw fail("expected \(Swift.Character(Unicode.Scalar(byte)))") }
        }

        mutating func end() throws(RowReaderFailure) {
            skipSpace()
            guard index == bytes.count else { throw fail("trailing data") }
        }

        func fail(_ reason: String) -> RowReaderFailure { RowReaderFailure("\(reason) at byte \(index)") }
    }
}

/// Why a body is not an array of row objects.
public struct RowReaderFailure: Error, Sendable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
