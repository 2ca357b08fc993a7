import CNcurses
import PortalUI

/// What one `wget_wch` result means to the loop.
enum TerminalEvent: Equatable {
    case key(KeyInput)
    /// KEY_RESIZE: ncurses has resized itself; the UI needs the new size.
    case resize
    /// KEY_MOUSE: the event must be fetched with `getmouse`.
    case mouse
    /// A key portal has no use for (Insert, a lone Ctrl-\, …).
    case ignored
    /// The terminal's answer to a query (`TerminalProbe`): not a key.
    case reply(TerminalReply)
}

/// Decodes `wget_wch` results into `KeyInput`, independent of any window.
///
/// `wget_wch` returns `KEY_CODE_YES` with a key code for special keys (with keypad on)
/// and `OK` with a character otherwise; Enter arrives as '\n' (or '\r', or KEY_ENTER from
/// the keypad), Backspace as KEY_BACKSPACE, 127 or 8 depending on the terminal, and in raw
/// mode Ctrl-letters arrive as 1...26.
enum KeyDecoder {
    static func decode(status: Int32, value: UInt32) -> TerminalEvent {
        if status == portal_key_code_yes() {
            return decodeKeyCode(Int32(bitPattern: value))
        }
        guard status == portal_ok() else { return .ignored }
        return decodeCharacter(value)
    }

    static func decodeKeyCode(_ code: Int32) -> TerminalEvent {
        switch code {
        case portal_key_up(): return .key(.up)
        case portal_key_down(): return .key(.down)
        case portal_key_left(): return .key(.left)
        case portal_key_right(): return .key(.right)
        case portal_key_ppage(), portal_key_a3(): return .key(.pageUp)
        case portal_key_npage(), portal_key_c3(): return .key(.pageDown)
        case portal_key_home(), portal_key_find(), portal_key_a1(): return .key(.home)
        case portal_key_end(), portal_key_select(), portal_key_c1(): return .key(.end)
        case portal_key_enter(): return .key(.enter)
        case portal_key_backspace(): return .key(.backspace)
        case portal_key_dc(): return .key(.delete)
        case portal_key_btab(): return .key(.backTab)
        case portal_key_resize(): return .resize
        case portal_key_mouse(): return .mouse
        case (portal_key_f0() + 1)...(portal_key_f0() + 63): return .key(.function(Int(code - portal_key_f0())))
        default: return .ignored
        }
    }

    static func decodeCharacter(_ value: UInt32) -> TerminalEvent {
        switch value {
        case 10, 13: return .key(.enter)
        case 9: return .key(.tab)
        case 27: return .key(.escape)
        case 8, 127: return .key(.backspace)
        case 1...26:
            return .key(.control(Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8(value - 1)))))
        case 0..<32, 0x80..<0xA0:
            return .ignored
        default:
            guard let scalar = Unicode.Scalar(value) else { return .ignored }
            return .key(.character(Character(scalar)))
        }
    }
}
