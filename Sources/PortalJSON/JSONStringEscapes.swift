/// JSON string escapes (RFC 8259 §7), the one part of reading a string that builds new
/// bytes instead of pointing into the body. The scanner (`JSONNodeScanner`) finds where a
/// string ends and calls this only when the string holds a backslash; the demo models' byte
/// reader (PortalDemoModels' `JSONReader`) decodes its strings with it too, so portal has
/// one set of string rules.
public enum JSONStringEscapes {
    /// The text between a string's quotes (`raw`, escapes still in it), decoded: `\u`
    /// surrogate pairs joined, a lone high surrogate refused, a lone low one read as U+FFFD;
    /// bytes that are not UTF-8 read as U+FFFD, as in a string without escapes (the whole
    /// decoded text is read as UTF-8 once). Nil when an escape is malformed or a control
    /// character is in the text.
    public static func decode(_ raw: ArraySlice<UInt8>) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var at = raw.startIndex
        while at < raw.endIndex {
            let byte = raw[at]
            at += 1
            guard byte == backslash else {
                guard byte >= 0x20 else { return nil }
                out.append(byte)
                continue
            }
            guard at < raw.endIndex else { return nil }
            let escape = raw[at]
            at += 1
            switch escape {
            case UInt8(ascii: "\""), backslash, UInt8(ascii: "/"): out.append(escape)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                guard var scalar = hex4(raw, &at) else { return nil }
                if (0xD800..<0xDC00).contains(scalar) {
                    guard at + 1 < raw.endIndex, raw[at] == backslash, raw[at + 1] == UInt8(ascii: "u") else { return nil }
                    at += 2
                    guard let low = hex4(raw, &at), (0xDC00..<0xE000).contains(low) else { return nil }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                out.append(contentsOf: (Unicode.Scalar(scalar) ?? "\u{FFFD}").utf8)
            default:
                return nil
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static let backslash = UInt8(ascii: "\\")

    /// The four hex digits at `at` (either case) as a number, `at` moved past them.
    private static func hex4(_ raw: ArraySlice<UInt8>, _ at: inout Int) -> UInt32? {
        guard raw.endIndex - at >= 4 else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = raw[at]
            at += 1
            let digit: UInt32
            switch byte {
            case 48...57: digit = UInt32(byte - 48)
            case 97...102: digit = UInt32(byte - 87)
            case 65...70: digit = UInt32(byte - 55)
            default: return nil
            }
            value = value << 4 | digit
        }
        return value
    }
}
