import CNcurses
import PortalUI
#if canImport(Glibc)
import Glibc
#endif

/// Decides how pictures are drawn, before ncurses takes the terminal.
///
/// `auto`: no pictures with `NO_COLOR` or on a terminal of fewer than 256 colours; symbols
/// inside tmux or screen (they pass neither protocol through reliably); otherwise the
/// terminal is asked — a kitty graphics query (`ESC _Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA ESC \`)
/// and primary device attributes (`ESC [ c`), whose answer every terminal sends and which
/// therefore ends the wait — with the tty in raw mode for at most `timeout`, then the modes
/// are put back. A kitty answer (`i=31;OK`) means kitty graphics; attribute 4 in the device
/// attributes means sixel; anything else, or no answer, symbols.
public enum TerminalProbe {
    /// How long the terminal has to answer.
    public static let timeoutMilliseconds: Int32 = 300
    static let kittyQuery = "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\"
    static let deviceAttributes = "\u{1B}[c"

    /// The mode for `option` on this process's terminal (`term` is `TERM`).
    @MainActor
    public static func mode(for option: PicturesOption, term: String) -> PictureMode {
        switch option {
        case .off: return .off
        case .symbols: return .symbols
        case .sixel: return .sixel
        case .kitty: return .kitty
        case .auto: break
        }
        let environment = { (name: String) in getenv(name).map { String(cString: $0) } }
        return autoMode(noColor: TerminalPreflight.colorsDisabled, colors: Int(portal_terminfo_colors(term, STDOUT_FILENO)),
                        multiplexer: environment("TMUX") != nil || environment("STY") != nil
                            || term.hasPrefix("screen") || term.hasPrefix("tmux"),
                        answer: { ask() })
    }

    /// The `auto` rule, apart from the terminal: `answer` is asked only when needed.
    public static func autoMode(noColor: Bool, colors: Int, multiplexer: Bool, answer: () -> [UInt8]) -> PictureMode {
        if noColor || colors < 256 { return .off }
        if multiplexer { return .symbols }
        return parse(answer())
    }

    /// What a terminal's answer to the two queries says.
    public static func parse(_ answer: [UInt8]) -> PictureMode {
        let text = String(decoding: answer, as: UTF8.self)
        if text.contains("\u{1B}_Gi=31;OK") { return .kitty }
        // ESC [ ? a ; b ; … c
        if let start = text.range(of: "\u{1B}[?"), let end = text[start.upperBound...].firstIndex(of: "c") {
            let attributes = text[start.upperBound..<end].split(separator: ";").compactMap { Int($0) }
            if attributes.contains(4) { return .sixel }
        }
        return .symbols
    }

    /// Writes the queries and reads the answers (raw mode on stdin, restored after).
    static func ask() -> [UInt8] {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return [] }
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return [] }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 else { return [] }
        defer { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
        let query = Array((kittyQuery + deviceAttributes).utf8)
        guard query.withUnsafeBufferPointer({ Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }) == query.count else { return [] }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        var clock = timespec()
        clock_gettime(CLOCK_MONOTONIC, &clock)
        let deadline = Int64(clock.tv_sec) * 1000 + Int64(clock.tv_nsec) / 1_000_000 + Int64(timeoutMilliseconds)
        while answer.count < 4096 {
            clock_gettime(CLOCK_MONOTONIC, &clock)
            let left = deadline - (Int64(clock.tv_sec) * 1000 + Int64(clock.tv_nsec) / 1_000_000)
            guard left > 0 else { break }
            var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Int32(left)) > 0 else { break }
            let count = buffer.withUnsafeMutableBufferPointer { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            answer += buffer[0..<count]
            if answeredDeviceAttributes(answer) { break }
        }
        return answer
    }

    /// Whether `bytes` hold a whole device-attributes answer (`ESC [ ? … c`).
    static func answeredDeviceAttributes(_ bytes: [UInt8]) -> Bool {
        guard let start = bytes.indices.first(where: { index in
            index + 2 < bytes.count && bytes[index] == 0x1B && bytes[index + 1] == UInt8(ascii: "[") && bytes[index + 2] == UInt8(ascii: "?")
        }) else { return false }
        return bytes[(start + 3)...].contains(UInt8(ascii: "c"))
    }
}
