import CNcurses
import PortalCore
@testable import PortalTerminal
import PortalUI

/// libFuzzer target: terminal input as `wget_wch` hands it to portal, through the walk
/// `InputReader.drain` itself runs (`InputReader.events`: unknown escape sequences dropped
/// whole, KEY_MOUSE resolved to the wheel, every other result decoded by `KeyDecoder`), and
/// on into the command table.
///
/// ncurses itself is not in the loop (it needs a terminal), so the input encodes what
/// `wget_wch` and `getmouse` return: a byte 0xFF followed by one byte `b` is the key code
/// 256 + b (KEY_CODE_YES; ncurses' codes lie in 257…511), 0xFE or 0xFD followed by four
/// bytes is any 32-bit character or key code respectively, 0xFC followed by one byte `d`
/// is KEY_MOUSE whose wheel reads `d % 3 - 1` (up, none, down), and any other run of
/// bytes is UTF-8 text, one character per scalar (invalid bytes become U+FFFD, as the
/// locale would).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let (raw, wheel) = wgetWchResults(bytes)
    for index in raw.indices where raw[index].status == portal_ok() && raw[index].value == 27 {
        if let end = InputReader.unknownSequenceEnd(raw, escapeAt: index) {
            precondition(end > index && end < raw.count, "sequence end \(end) for ESC at \(index) of \(raw.count)")
        }
    }
    let events = InputReader.events(raw, wheel: wheel)
    precondition(events.count <= raw.count, "\(events.count) events from \(raw.count) results")
    for event in events {
        switch event {
        case .key(let key):
            check(key)
            for context in CommandContext.allCases { _ = CommandTable.command(for: key, in: context) }
        case .resize, .reply:
            break
        case .mouse, .ignored:
            preconditionFailure("\(event) left the walk")
        }
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

/// The `wget_wch` results the bytes encode, and what `getmouse` read for each KEY_MOUSE.
func wgetWchResults(_ bytes: [UInt8]) -> (raw: [InputReader.WgetWchResult], wheel: [Int: Int32]) {
    var raw: [InputReader.WgetWchResult] = []
    var wheel: [Int: Int32] = [:]
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
        case 0xFC where i + 1 < bytes.count:
            flushText()
            wheel[raw.count] = Int32(bytes[i + 1] % 3) - 1
            raw.append((portal_key_code_yes(), UInt32(bitPattern: portal_key_mouse())))
            i += 2
        default:
            text.append(bytes[i])
            i += 1
        }
    }
    flushText()
    return (raw, wheel)
}
