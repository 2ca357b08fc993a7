/// JSON text as served, made one line: white space outside strings dropped (a GitHub
/// answer is pretty-printed), everything else byte for byte.
public enum JSONText {
    public static func oneLine(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        var inString = false
        var escaped = false
        for byte in text.utf8 {
            if inString {
                out.append(byte)
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case 0x20, 0x0A, 0x0D, 0x09: continue
            case UInt8(ascii: "\""): inString = true; out.append(byte)
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
