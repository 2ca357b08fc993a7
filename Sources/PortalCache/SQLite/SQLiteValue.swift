import Foundation

/// One value as SQLite stores it: the five storage classes, read back without conversion,
/// so a damaged or planted row is judged by its caller (`StoredAnswer.init(row:)`), not
/// coerced into something portal never wrote.
enum SQLiteValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)

    /// An integer that fits `Int` (a real only when it is a whole number in range).
    var int: Int? {
        switch self {
        case .integer(let value): Int(exactly: value)
        case .real(let value): Int(exactly: value)
        default: nil
        }
    }

    var double: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .real(let value): value
        default: nil
        }
    }

    /// Text; a blob only when it is valid UTF-8 (as SQLite would read it as text).
    var string: String? {
        switch self {
        case .text(let value): value
        case .blob(let bytes): String(validating: bytes, as: UTF8.self)
        default: nil
        }
    }

    /// A blob; text as its UTF-8 bytes.
    var data: Data? {
        switch self {
        case .blob(let bytes): bytes
        case .text(let value): Data(value.utf8)
        default: nil
        }
    }
}
