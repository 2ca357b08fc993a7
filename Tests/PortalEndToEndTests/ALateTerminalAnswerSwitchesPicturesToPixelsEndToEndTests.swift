import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `--pictures auto` on a terminal of its own (a pty this test plays the terminal on,
/// outside tmux): the first screen is drawn while the terminal's answer is still owed, and
/// the answer, whenever it comes, switches pictures to pixels (issue 27, items 9 and 10).
@Suite(.serialized, .enabled(if: EndToEndEnvironment.canRunBinary, EndToEndEnvironment.skipReason))
struct ALateTerminalAnswerSwitchesPicturesToPixelsEndToEndTests {
    static let esc = "\u{1B}"

    /// The first screen comes before any answer; the answer that comes after it switches
    /// the cards to sixel (xterm -ti vt340's answer) or kitty graphics, and none of its
    /// bytes acts as a key.
    @Test(arguments: [
        ("sixel", ["\(esc)[?63;1;2;4;6;9;15;22c"], "\(esc)P"),
        // kitty answers the graphics query, then the attributes; here cut in three.
        ("kitty", ["\(esc)_Gi=31;O", "K\(esc)\\\(esc)[?6", "2;c"], "\(esc)_G"),
    ])
    func theFirstScreenWaitsForNoAnswerAndALateOneSwitchesToPixels(name: String, answer: [String], pixels: String) throws {
        let app = try PtyTerminal(arguments: ["--data", try #require(EndToEndEnvironment.dataFolder)], term: "xterm")
        defer { app.close() }
        // Asked, and the first screen drawn with no answer given.
        try app.read(until: "the query and the first screen") { $0.contains("\(Self.esc)[c") && $0.contains("Rick Sanchez") && $0.contains("826") }
        #expect(!app.output.contains("\(Self.esc)P") && !app.output.contains("\(Self.esc)_Ga=T"), "pixels before any answer")
        let before = app.output.count
        for (index, part) in answer.enumerated() {
            app.write(part)
            if index < answer.count - 1 { app.readQuietly() }
        }
        try app.read(until: "\(name) pixels after the answer") { String($0.dropFirst(before)).contains(pixels) }
        // Still the first card selected and the grid as it was: no byte of the answer was a key.
        app.write("q")
        #expect(try app.waitForExit() == 0)
    }
}

/// `portal` on a pseudo-terminal this test reads and writes as the terminal would: what
/// it draws comes out of the master side, what is written there is typed.
final class PtyTerminal {
    let master: Int32
    let pid: pid_t
    private(set) var bytes: [UInt8] = []
    var output: String { String(decoding: bytes, as: UTF8.self) }

    /// `locale`: `LANG` and `LC_ALL` (nil: neither is set).
    init(arguments: [String], term: String, columns: UInt16 = 100, rows: UInt16 = 30, locale: String? = "C.UTF-8") throws {
        let portal = try #require(EndToEndEnvironment.portal)
        // posix_openpt, unlockpt and ptsname as Linux does them (Glibc's module leaves
        // them out): /dev/ptmx, TIOCSPTLCK 0, TIOCGPTN.
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard master >= 0, ioctl(master, UInt(0x4004_5431), &unlock) == 0, ioctl(master, UInt(0x8004_5430), &number) == 0 else {
            throw POSIXError(.ENODEV)
        }
        let slave = "/dev/pts/\(number)"
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: columns * 10, ws_ypixel: rows * 20)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor in Int32(0)...2 {
            posix_spawn_file_actions_addopen(&actions, descriptor, slave, descriptor == 0 ? O_RDWR : O_WRONLY, 0)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        // POSIX_SPAWN_SETSID (0x80, glibc): a session of its own, the pty its terminal.
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | 0x80))
        var environment = ProcessInfo.processInfo.environment
        for name in ["TMUX", "STY", "NO_COLOR", "COLORTERM"] { environment[name] = nil }
        environment["TERM"] = term
        environment["LANG"] = locale
        environment["LC_ALL"] = locale
        environment["LC_CTYPE"] = nil
        environment["XDG_CACHE_HOME"] = FileManager.default.temporaryDirectory.appendingPathComponent("portal-probe-\(getpid())").path
        let argv = ([portal] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, portal, &actions, &attributes, argv, envp)
        guard status == 0 else { Glibc.close(master); throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO) }
        pid = child
    }

    /// Reads what portal writes until `done` holds for all of it (at most `timeout` s).
    func read(until what: String, timeout: Double = 60, _ done: (String) -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !done(output) {
            guard Date() < deadline, readSome(milliseconds: 200) != nil else {
                Issue.record("\(what) not seen; the last output: \(output.suffix(600).debugDescription)")
                throw POSIXError(.ETIMEDOUT)
            }
        }
    }

    /// Reads until portal has been quiet for a moment (a frame finished).
    func readQuietly() {
        while let count = readSome(milliseconds: 150), count > 0 {}
    }

    /// One read: the byte count, 0 when nothing came in time, nil at the end.
    @discardableResult
    private func readSome(milliseconds: Int32) -> Int? {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, milliseconds) > 0 else { return 0 }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = buffer.withUnsafeMutableBufferPointer { Glibc.read(master, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        bytes += buffer[0..<count]
        return count
    }

    func write(_ text: String) {
        let data = Array(text.utf8)
        _ = data.withUnsafeBufferPointer { Glibc.write(master, $0.baseAddress, $0.count) }
    }

    /// The exit status once portal has ended (reading its last output meanwhile).
    func waitForExit(timeout: Double = 60) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        var status: Int32 = 0
        while Date() < deadline {
            if waitpid(pid, &status, WNOHANG) == pid { return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F) }
            readSome(milliseconds: 50)
        }
        throw POSIXError(.ETIMEDOUT)
    }

    func close() {
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == 0 {
            kill(pid, SIGKILL)
            waitpid(pid, &status, 0)
        }
        Glibc.close(master)
    }
}
