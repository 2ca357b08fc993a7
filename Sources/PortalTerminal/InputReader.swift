import CNcurses
import PortalUI

/// Reads every key ncurses has, without blocking.
///
/// The window is in `nodelay` mode, so `wget_wch` returns ERR as soon as nothing is left;
/// draining until ERR matters because ncurses reads ahead into its own buffer, and bytes
/// it already took from the tty will not make `poll()` fire again.
///
/// An escape sequence terminfo does not describe reaches us as ESC followed by its bytes
/// in the same burst; such a sequence is dropped as a whole instead of turning into Esc
/// plus stray characters (`[`, `4`, `~`). The terminal's answers to portal's queries
/// (`TerminalReply`) are read out whole, whenever they come; one cut off at the end of a
/// burst waits for the rest in `held`, so no byte of it is ever taken for a key.
final class InputReader {
    /// One `wget_wch` result: `OK` with a character, or `KEY_CODE_YES` with a key code.
    typealias WgetWchResult = (status: Int32, value: UInt32)

    private let window: UnsafeMutablePointer<WINDOW>
    /// The start of a terminal answer whose rest has not arrived yet.
    private var held: [WgetWchResult] = []

    init(window: UnsafeMutablePointer<WINDOW>) {
        self.window = window
    }

    /// Every pending event, in order; mouse events are resolved to wheel keys here.
    func drain() -> [TerminalEvent] {
        var raw: [WgetWchResult] = held
        var wheel: [Int: Int32] = [:]
        while true {
            var value: wint_t = 0
            let status = wget_wch(window, &value)
            if status == portal_err() { break }
            if status == portal_key_code_yes() && Int32(bitPattern: value) == portal_key_mouse() {
                // getmouse must run before the next wget_wch to see this event.
                wheel[raw.count] = portal_read_wheel()
            }
            raw.append((status, UInt32(value)))
        }
        // Results held from the last burst shift every index of this one.
        return Self.events(raw, wheel: wheel, held: &held)
    }

    /// The events one burst of `wget_wch` results stands for, in order: an escape sequence
    /// ncurses did not recognise is dropped whole, a KEY_MOUSE result becomes the wheel key
    /// `wheel[index]` says (-1 up, 1 down, as `portal_read_wheel` read it; anything else
    /// nothing), and every other result is what `KeyDecoder` makes of it.
    ///
    /// A terminal's answer (`ReplyScan`) becomes `.reply`; the start of one cut off at
    /// the end of `raw` is left in `held` for the next burst (to be put before it).
    ///
    /// Pure (no window, no ncurses call), so the `fuzz-keys` target runs this very walk.
    static func events(_ raw: [WgetWchResult], wheel: [Int: Int32], held: inout [WgetWchResult]) -> [TerminalEvent] {
        var events: [TerminalEvent] = []
        var index = 0
        held = []
        while index < raw.count {
            let (status, value) = raw[index]
            if status == portal_ok(), value == 27 {
                switch ReplyScan.find(raw, at: index) {
                case .answer(let reply, let end):
                    if let reply { events.append(.reply(reply)) }
                    index = end + 1
                    continue
                case .unfinished:
                    held = Array(raw[index...])
                    return events
                case .none:
                    break
                }
                if let end = unknownSequenceEnd(raw, escapeAt: index) {
                    index = end + 1
                    continue
                }
            }
            switch KeyDecoder.decode(status: status, value: value) {
            case .mouse:
                switch wheel[index] {
                case -1: events.append(.key(.wheelUp))
                case 1: events.append(.key(.wheelDown))
                default: break
                }
            case .ignored:
                break
            case let event:
                events.append(event)
            }
            index += 1
        }
        return events
    }

    /// The walk of one burst on its own (an answer cut off at its end is dropped).
    static func events(_ raw: [WgetWchResult], wheel: [Int: Int32]) -> [TerminalEvent] {
        var held: [WgetWchResult] = []
        return events(raw, wheel: wheel, held: &held)
    }

    /// If ESC at `start` begins a CSI (`ESC [ params final`) or SS3 (`ESC O x`) sequence
    /// that ncurses did not recognise, the index of its last byte.
    static func unknownSequenceEnd(_ raw: [WgetWchResult], escapeAt start: Int) -> Int? {
        func character(_ index: Int) -> UInt32? {
            guard index < raw.count, raw[index].status == portal_ok() else { return nil }
            return raw[index].value
        }
        switch character(start + 1) {
        case UInt32(UInt8(ascii: "[")):
            var index = start + 2
            while let value = character(index) {
                if (0x40...0x7E).contains(value) { return index }  // final byte
                guard (0x20...0x3F).contains(value) else { return nil }
                index += 1
            }
            return nil
        case UInt32(UInt8(ascii: "O")):
            return character(start + 2) != nil ? start + 2 : nil
        default:
            return nil
        }
    }
}
