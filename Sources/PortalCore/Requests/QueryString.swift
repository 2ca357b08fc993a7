/// Query-string encoding and tolerant decoding.
///
/// Encoding is strict (only RFC 3986 unreserved characters stay raw). Decoding is
/// lenient because the real server writes filter values into `next` without encoding
/// them again (`name=rick sanchez`, `name=(`): a raw space or a stray `%` is kept as it
/// is, and `+` reads as a space the way the server's query parser reads it.
public enum QueryString {
    public static func encode(_ value: String) -> String {
        var out = ""
        out.reserveCapacity(value.utf8.count)
        let hex = Array("0123456789ABCDEF")
        for b in value.utf8 {
            switch b {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(b))
            default:
                out.append("%")
                out.append(hex[Int(b >> 4)])
                out.append(hex[Int(b & 15)])
            }
        }
        return out
    }

    public static func decode(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        let src = Array(text.utf8)
        var i = 0
        while i < src.count {
            let b = src[i]
            if b == UInt8(ascii: "%"), i + 2 < src.count, let hi = hexValue(src[i + 1]), let lo = hexValue(src[i + 2]) {
                bytes.append(hi << 4 | lo)
                i += 3
            } else if b == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
                i += 1
            } else {
                bytes.append(b)
                i += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Splits `a=1&b=2` into ordered, decoded pairs. A key without `=` has an empty value.
    public static func pairs(_ query: Substring) -> [(key: String, value: String)] {
        query.split(separator: "&", omittingEmptySubsequences: true).map { part in
            if let eq = part.firstIndex(of: "=") {
                return (decode(part[..<eq]), decode(part[part.index(after: eq)...]))
            }
            return (decode(part), "")
        }
    }

    private static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): b - 48
        case UInt8(ascii: "a")...UInt8(ascii: "f"): b - 87
        case UInt8(ascii: "A")...UInt8(ascii: "F"): b - 55
        default: nil
        }
    }
}
