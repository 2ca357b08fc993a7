import PortalCore
import PortalUI
#if canImport(Glibc)
import Glibc
#endif

/// Decides how pictures are drawn, without ever holding up the first screen.
///
/// `auto`: no pictures with `NO_COLOR` (or `TERM=dumb`); none until the terminal answers
/// when only ASCII may be written (symbols are block glyphs; sixel and kitty bytes are
/// ASCII, so the terminal is still asked); symbols inside tmux or screen
/// (they pass neither protocol through reliably); otherwise symbols at once, and the
/// terminal is asked — a kitty graphics query (`ESC _Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA ESC \`)
/// and primary device attributes (`ESC [ c`), which every terminal answers. Nothing waits
/// for the answers: they come back in the input (`ReplyScan`), and `PictureProbe` switches
/// to kitty graphics on a kitty `OK`, to sixel on attribute 4. The terminal's answer alone
/// decides pixels: terminfo's colours only decide how symbols are coloured (xterm as it
/// comes, `TERM=xterm` with 8 colours, speaks sixel).
public enum TerminalProbe {
    static let kittyQuery = "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\"
    static let deviceAttributes = "\u{1B}[c"
    /// How long quitting waits for an answer still on its way, so it is read here and
    /// not by the shell.
    static let settleMilliseconds: Int32 = 100

    /// Where `option` starts on this process's terminal (`term` is `TERM`), and whether
    /// the terminal is to be asked.
    @MainActor
    static func start(for option: PicturesOption, term: String, charset: OutputCharset = .utf8) -> PictureProbe {
        switch option {
        case .off: return PictureProbe(mode: .off, asks: false)
        case .symbols: return PictureProbe(mode: .symbols, asks: false)
        case .sixel: return PictureProbe(mode: .sixel, asks: false)
        case .kitty: return PictureProbe(mode: .kitty, asks: false)
        case .auto: break
        }
        let environment = { (name: String) in getenv(name).map { String(cString: $0) } }
        return autoStart(noColor: TerminalPreflight.colorsDisabled,
                         multiplexer: environment("TMUX") != nil || environment("STY") != nil
                             || term.hasPrefix("screen") || term.hasPrefix("tmux"),
                         charset: charset)
    }

    /// The `auto` rule, apart from the terminal.
    static func autoStart(noColor: Bool, multiplexer: Bool, charset: OutputCharset = .utf8) -> PictureProbe {
        if noColor { return PictureProbe(mode: .off, asks: false) }
        return PictureProbe(mode: charset == .ascii ? .off : .symbols, asks: !multiplexer)
    }

    /// Writes the two queries to the terminal; the answers come back as input.
    static func ask() {
        let query = Array((kittyQuery + deviceAttributes).utf8)
        _ = query.withUnsafeBufferPointer { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    }

    /// Before the terminal is given back with an answer still owed: reads and drops what
    /// arrives for at most `settleMilliseconds` (until the device attributes' `c`), so a
    /// late answer is never typed into the shell.
    static func settle() {
        var clock = timespec()
        clock_gettime(CLOCK_MONOTONIC, &clock)
        let milliseconds = { Int64(clock.tv_sec) * 1000 + Int64(clock.tv_nsec) / 1_000_000 }
        let deadline = milliseconds() + Int64(settleMilliseconds)
        var buffer = [UInt8](repeating: 0, count: 256)
        var seen: [UInt8] = []
        while true {
            clock_gettime(CLOCK_MONOTONIC, &clock)
            let left = deadline - milliseconds()
            guard left > 0 else { return }
            var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Int32(left)) > 0 else { return }
            let count = buffer.withUnsafeMutableBufferPointer { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            seen += buffer[0..<count]
            if answeredDeviceAttributes(seen) { return }
        }
    }

    /// Whether `bytes` hold a whole device-attributes answer (`ESC [ ? … c`).
    static func answeredDeviceAttributes(_ bytes: [UInt8]) -> Bool {
        guard let start = bytes.indices.first(where: { index in
            index + 2 < bytes.count && bytes[index] == 0x1B && bytes[index + 1] == UInt8(ascii: "[") && bytes[index + 2] == UInt8(ascii: "?")
        }) else { return false }
        return bytes[(start + 3)...].contains(UInt8(ascii: "c"))
    }
}

/// `--pictures`' mode as the terminal's answers come in: where it started, whether an
/// answer is still owed, and the switch an answer makes (to kitty graphics on a kitty
/// `OK`, to sixel on device attribute 4; the device attributes, which every terminal
/// sends last, end the wait). An answer nobody asked for changes nothing.
struct PictureProbe: Equatable {
    private(set) var mode: PictureMode
    /// The terminal was asked and has not answered the device attributes yet.
    private(set) var awaiting: Bool

    init(mode: PictureMode, asks: Bool) {
        self.mode = mode
        self.awaiting = asks
    }

    /// Reads one answer; the new mode when it changes.
    mutating func read(_ reply: TerminalReply) -> PictureMode? {
        guard awaiting else { return nil }
        let decided: PictureMode
        switch reply {
        case .kittyGraphics(let ok):
            guard ok else { return nil }
            decided = .kitty
        case .deviceAttributes(let attributes):
            awaiting = false
            guard mode != .kitty, attributes.contains(4) else { return nil }
            decided = .sixel
        }
        guard decided != mode else { return nil }
        mode = decided
        return decided
    }
}
