/// The members of an HTTP structured field (RFC 8941) as the rate-limit headers use them:
/// a List of Items with Parameters (`"default";r=50;t=30, "daily";r=900;t=3600`) or a
/// Dictionary (`limit=100, remaining=50, reset=30`), read the same way: each member a
/// name (a token, a key, a string or an integer) with an optional `=value`, and its
/// `;key=value` parameters.
///
/// Lenient where servers are (spaces around `=` and `;`, a bare number as a name), strict
/// about size: a field over 4 KiB or of more than 32 members reads as nothing, so a
/// server cannot make reading its headers cost anything.
struct StructuredFieldMembers {
    /// A bare value: integers and decimals as numbers, strings unquoted, tokens as they are.
    enum Value: Equatable {
        case number(Double)
        case text(String)
        case flag(Bool)

        var number: Double? { if case .number(let n) = self { n } else { nil } }
        var text: String? {
            switch self {
            case .text(let t): t
            case .number(let n): n.rounded() == n && abs(n) < 1e15 ? String(Int(n)) : String(n)
            case .flag: nil
            }
        }
    }

    struct Member: Equatable {
        var name: Value
        var value: Value?
        var parameters: [String: Value]
    }

    static let maxBytes = 4096
    static let maxMembers = 32

    /// The members of `field`; nil when it is not one this reader can follow.
    static func parse(_ field: String) -> [Member]? {
        guard field.utf8.count <= maxBytes else { return nil }
        var scanner = Scanner(Array(field.utf8))
        var members: [Member] = []
        while true {
            scanner.skipSpaces()
            guard let name = scanner.bareValue() else { return nil }
            scanner.skipSpaces()
            var value: Value?
            if scanner.take(UInt8(ascii: "=")) {
                scanner.skipSpaces()
                guard let v = scanner.bareValue() else { return nil }
                value = v
            }
            var parameters: [String: Value] = [:]
            while (scanner.skipSpaces(), scanner.take(UInt8(ascii: ";"))).1 {
                scanner.skipSpaces()
                guard let key = scanner.key() else { return nil }
                scanner.skipSpaces()
                if scanner.take(UInt8(ascii: "=")) {
                    scanner.skipSpaces()
                    guard let v = scanner.bareValue() else { return nil }
                    parameters[key] = v
                } else {
                    parameters[key] = .flag(true)
                }
            }
            members.append(Member(name: name, value: value, parameters: parameters))
            guard members.count <= maxMembers else { return nil }
            scanner.skipSpaces()
            if scanner.atEnd { return members }
            guard scanner.take(UInt8(ascii: ",")) else { return nil }
        }
    }

    private struct Scanner {
        let bytes: [UInt8]
        var at = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { at >= bytes.count }
        var next: UInt8? { at < bytes.count ? bytes[at] : nil }

        mutating func skipSpaces() { while let b = next, b == 0x20 || b == 0x09 { at += 1 } }

        mutating func take(_ byte: UInt8) -> Bool {
            guard next == byte else { return false }
            at += 1
            return true
        }

        /// A key: lowercase letters, digits, `_ - . *` (read case-insensitively).
        mutating func key() -> String? {
            let start = at
            while let b = next, Self.isTokenByte(b) { at += 1 }
            return at > start ? String(decoding: bytes[start..<at], as: UTF8.self).lowercased() : nil
        }

        /// A string, a number, a boolean (`?1`) or a token.
        mutating func bareValue() -> Value? {
            guard let first = next else { return nil }
            if first == UInt8(ascii: "\"") { return string() }
            if first == UInt8(ascii: "?") {
                at += 1
                if take(UInt8(ascii: "1")) { return .flag(true) }
                return take(UInt8(ascii: "0")) ? .flag(false) : nil
            }
            let start = at
            while let b = next, Self.isTokenByte(b) || b == UInt8(ascii: ":") || b == UInt8(ascii: "/") || b == UInt8(ascii: "+") { at += 1 }
            guard at > start, at - start <= 64 else { return nil }
            let text = String(decoding: bytes[start..<at], as: UTF8.self)
            if let b = bytes[start...].first, b == UInt8(ascii: "-") || (b >= 0x30 && b <= 0x39),
               let number = Double(text), number.isFinite {
                return .number(number)
            }
            return .text(text)
        }

        private mutating func string() -> Value? {
            at += 1
            var out: [UInt8] = []
            while let b = next {
                at += 1
                if b == UInt8(ascii: "\"") { return .text(String(decoding: out, as: UTF8.self)) }
                if b == UInt8(ascii: "\\") {
                    guard let escaped = next else { return nil }
                    at += 1
                    out.append(escaped)
                } else {
                    guard b >= 0x20, b < 0x7F else { return nil }
                    out.append(b)
                }
                if out.count > 256 { return nil }
            }
            return nil
        }

        static func isTokenByte(_ b: UInt8) -> Bool {
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
                || b == UInt8(ascii: "_") || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") || b == UInt8(ascii: "*")
        }
    }
}
