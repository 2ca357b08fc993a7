import CNcurses

/// What the terminal said in answer to a query portal sent (`TerminalProbe`): never a key.
///
/// The answers arrive in the input, whenever the terminal sends them — before the first
/// key, between two keys, long after, or never — so the input walk (`InputReader`) reads
/// them out of every burst and hands them on as this, and none of their bytes becomes a key.
enum TerminalReply: Equatable, Sendable {
    /// Primary device attributes, `ESC [ ? a ; b ; … c` (attribute 4: sixel graphics).
    case deviceAttributes([Int])
    /// An answer to a kitty graphics query, `ESC _ G … ESC \`: `ok` when it says `OK`.
    case kittyGraphics(ok: Bool)
}

/// Finds terminal answers in a burst of `wget_wch` results.
///
/// Two shapes are answers: a CSI that starts `ESC [ ?` (no key starts so), and an APC,
/// `ESC _ … ESC \` (or ended by BEL). An answer is read whole, or — cut off at the end of a
/// burst, the rest still on its way — held until the next burst (`ReplyScan.held`). A held
/// start that grows past `maxHeld` results is no answer portal asked for: it is dropped,
/// never typed.
enum ReplyScan {
    /// The longest answer kept waiting for its end (a device attributes answer is about
    /// 30 bytes, a kitty answer about 20).
    static let maxHeld = 512

    /// What the results from `start` (an ESC) hold.
    enum Found: Equatable {
        /// An answer (or another `ESC [ ?` / APC sequence, when `reply` is nil) ending at
        /// `end`.
        case answer(TerminalReply?, end: Int)
        /// The start of one, cut off by the end of the burst.
        case unfinished
        /// Not an answer: a key or another sequence.
        case none
    }

    /// Whether an answer starts at `start`, and where it ends.
    static func find(_ raw: [InputReader.WgetWchResult], at start: Int) -> Found {
        func character(_ index: Int) -> UInt32? {
            guard index < raw.count, raw[index].status == portal_ok() else { return nil }
            return raw[index].value
        }
        guard character(start) == 27 else { return .none }
        switch character(start + 1) {
        case UInt32(UInt8(ascii: "[")):
            guard start + 2 < raw.count else { return .unfinished }
            guard character(start + 2) == UInt32(UInt8(ascii: "?")) else { return .none }
            var index = start + 3
            while index < raw.count {
                guard let value = character(index) else { return .answer(nil, end: index - 1) }
                if (0x40...0x7E).contains(value) {
                    let reply = value == UInt32(UInt8(ascii: "c")) ? TerminalReply.deviceAttributes(attributes(raw, start + 3, index)) : nil
                    return .answer(reply, end: index)
                }
                guard (0x20...0x3F).contains(value) else { return .answer(nil, end: index - 1) }
                index += 1
            }
            return raw.count - start > maxHeld ? .answer(nil, end: raw.count - 1) : .unfinished
        case UInt32(UInt8(ascii: "_")):
            var index = start + 2
            while index < raw.count {
                let value = character(index)
                if value == 7 || value == 0x9C { return .answer(kitty(raw, start + 2, index), end: index) }
                if value == 27 {
                    guard index + 1 < raw.count else { break }
                    if character(index + 1) == UInt32(UInt8(ascii: "\\")) { return .answer(kitty(raw, start + 2, index), end: index + 1) }
                }
                index += 1
            }
            // Unfinished: held only if it is a kitty answer's start (`ESC _ G`); Alt-_ and
            // a key stay keys.
            guard start + 2 >= raw.count || character(start + 2) == UInt32(UInt8(ascii: "G")) else { return .none }
            return raw.count - start > maxHeld ? .answer(nil, end: raw.count - 1) : .unfinished
        case nil:
            // A lone ESC at the end of a burst is the Escape key: ncurses waited its
            // ESCDELAY for more before handing it over.
            return .none
        default:
            return .none
        }
    }

    /// The numbers of `ESC [ ? a ; b ; … c` between `from` and `to`.
    static func attributes(_ raw: [InputReader.WgetWchResult], _ from: Int, _ to: Int) -> [Int] {
        let text = String(String.UnicodeScalarView(raw[from..<to].compactMap { Unicode.Scalar($0.value) }))
        return text.split(separator: ";").compactMap { Int($0) }
    }

    /// The kitty answer an APC body (from `from` up to its end `to`) is, if it is one.
    static func kitty(_ raw: [InputReader.WgetWchResult], _ from: Int, _ to: Int) -> TerminalReply? {
        let text = String(String.UnicodeScalarView(raw[from..<to].compactMap { Unicode.Scalar($0.value) }))
        guard text.hasPrefix("G") else { return nil }
        return .kittyGraphics(ok: text.hasPrefix("Gi=31;") && text.hasSuffix(";OK"))
    }
}
