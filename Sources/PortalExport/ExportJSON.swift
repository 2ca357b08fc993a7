import PortalCore
import PortalJSON

/// JSON for `portal list`'s machine outputs (`--json`, `--format json|ndjson`, `--jq`):
/// the item's JSON as the server wrote it, one line, every scalar kept (issue 35, item 12:
/// a Persian ZWNJ changes the word; an emoji's joiners, skin tones and VS16, a flag's
/// tags, a soft hyphen, bidi marks and a BOM are the server's data, not portal's to drop).
///
/// Only control characters change form, into the escapes JSON has for them, so the value
/// read back is the same: a server's JSON may hold DEL and the C1 controls (U+0080–U+009F)
/// raw, which a terminal could take as escape sequences, and they are written `\u007f`,
/// `\u009b`, as `JSONWriter` writes them. What is drawn on a terminal is cleaned where
/// stdout is one (`portal list`'s `OutputSink`), not here.
public enum ExportJSON {
    /// `served` (a JSON text as served, possibly pretty-printed) made one line
    /// (`JSONText.oneLine`), its controls escaped (`escapingControls`).
    public static func oneLine(_ served: String) -> String {
        escapingControls(JSONText.oneLine(served))
    }

    /// One-line JSON text with every C0 control, DEL and C1 control written as a `\u00XX`
    /// escape; every other byte as it was. (Outside strings one-line JSON holds no control,
    /// so each one met is inside a string, where the escape means the same.)
    public static func escapingControls(_ json: String) -> String {
        guard json.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }) else { return json }
        var out: [UInt8] = []
        out.reserveCapacity(json.utf8.count + 16)
        var c1Lead = false
        for byte in json.utf8 {
            if c1Lead {
                c1Lead = false
                if (0x80...0x9F).contains(byte) {
                    appendEscape(byte, to: &out)
                    continue
                }
                out.append(0xC2)
            }
            switch byte {
            case 0..<0x20, 0x7F: appendEscape(byte, to: &out)
            case 0xC2: c1Lead = true
            default: out.append(byte)
            }
        }
        if c1Lead { out.append(0xC2) }
        return String(decoding: out, as: UTF8.self)
    }

    /// `\u00HH` for `value`.
    private static func appendEscape(_ value: UInt8, to out: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(value >> 4)], hex[Int(value & 15)]])
    }
}
