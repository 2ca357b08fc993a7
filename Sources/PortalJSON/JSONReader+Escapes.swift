/// JSON string escapes, apart from the reader's structure and values: the one part of
/// reading that builds new bytes instead of pointing into the body.
extension JSONReader {
    /// The rest of a string that holds an escape, from `start` (its first byte after the
    /// quote), decoded; `\u` surrogate pairs joined, a lone surrogate refused.
    mutating func readEscapedString(from start: Int) throws -> String {
        var out = [UInt8](bytes[start..<index])
        while index < bytes.count {
            let b = bytes[index]
            index += 1
            switch b {
            case UInt8(ascii: "\""):
                return String(decoding: out, as: UTF8.self)
            case _ where out.count >= limits.stringBytes:
                throw fail("string longer than \(limits.stringBytes) bytes")
            case UInt8(ascii: "\\"):
                let e = try take()
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try readHex4()
                    if (0xD800..<0xDC00).contains(scalar) {
                        guard try take() == UInt8(ascii: "\\"), try take() == UInt8(ascii: "u") else { throw fail("lone surrogate") }
                        let low = try readHex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw fail("bad surrogate pair") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    let value = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                    out.append(contentsOf: String(Swift.Character(value)).utf8)
                default:
                    throw fail("bad escape")
                }
            default:
                if b < 0x20 { throw fail("control character in string") }
                out.append(b)
            }
        }
        throw fail("unterminated string")
    }

    private mutating func readHex4() throws -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = try take()
            let d: UInt32
            switch b {
            case 48...57: d = UInt32(b - 48)
            case 97...102: d = UInt32(b - 87)
            case 65...70: d = UInt32(b - 55)
            default: throw fail("bad \\u escape")
            }
            v = v << 4 | d
        }
        return v
    }
}
