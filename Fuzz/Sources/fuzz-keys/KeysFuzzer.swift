import CNcurses
import PortalCore
@testable import PortalTerminal
import PortalUI

/// libFuzzer target: terminal input as `wget_wch` hands it to portal, through the same
/// steps as `InputReader.drain` — unknown escape sequences dropped whole, every other
/// result decoded by `KeyDecoder` — and on into the command table.
///
/// ncurses itself is not in the loop (it needs a terminal), so the input encodes what
/// `wget_wch` returns: a byte 0xFF followed by one byte `b` is the key code 256 + b
/// (KEY_CODE_YES; ncurses' codes lie in 257…511), 0xFE or 0xFD followed by four bytes is
/// any 32-bit character or key code respectively, and any other run of bytes is UTF-8
/// text, one character per scalar (invalid bytes become U+FFFD, as the locale would).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let raw = wgetWchResults(bytes)
    var index = 0
    while index < raw.count {
        let (status, value) = raw[index]
        if status == portal_ok(), value == 27, let end = InputReader.unknownSequenceEnd(raw, escapeAt: index) {
            precondition(end > index && end < raw.count, "sequence end \(end) for ESC at \(index) of \(raw.count)")
            index = end + 1
            continue
        }
        if case .key(let key) = KeyDecoder.decode(status: status, value: value) {
            check(key)
            for context in CommandContext.allCases { _ = CommandTable.command(for: key, in: context) }
        }
        index += 1
    }
    return 0
}

/// What a decoded key may be: never a control character posing as text.
func check(_ key: KeyInput) {
    switch key {
    case .character(let c):
        precondition(!c.unicodeScalars.contains(where: Sanitize.isControl), "control character \(c.unicodeScalars.map(\.value)) decoded as text")
    case .control(let c):
        precondition(("a"..."z").contains(c), "Ctrl-\(c) is not a letter")
    case .function(let n):
        precondition((1...63).contains(n), "F\(n)")
    default:
        break
    }
}

func wgetWchResults(_ bytes: [UInt8]) -> [(status: Int32, value: UInt32)] {
    var raw: [(status: Int32, value: UInt32)] = []
    var text: [UInt8] = []
    func flushText() {
        for scalar in String(decoding: text, as: UTF8.self).unicodeScalars { raw.append((portal_ok(), scalar.value)) }
        text.removeAll()
    }
    func word(at i: Int) -> UInt32 {
        bytes[i..<i + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
    var i = 0
    while i < bytes.count {
        switch bytes[i] {
        case 0xFF where i + 1 < bytes.count:
            flushText()
            raw.append((portal_key_code_yes(), 256 + UInt32(bytes[i + 1])))
            i += 2
        case 0xFE where i + 4 < bytes.count, 0xFD where i + 4 < bytes.count:
            flushText()
            raw.append((bytes[i] == 0xFE ? portal_ok() : portal_key_code_yes(), word(at: i + 1)))
            i += 5
        default:
            text.append(bytes[i])
            i += 1
        }
    }
    flushText()
    return raw
}
