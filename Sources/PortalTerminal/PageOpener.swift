import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `o`: opens a web page with `$BROWSER` (the first of its colon-separated commands;
/// `%s` in it stands for the URL, else the URL is the last argument) or `xdg-open`.
///
/// Never through a shell: the command line is split on blanks into an argv and run with
/// `posix_spawnp`, so nothing in a URL can be read as shell syntax. Its stdin, stdout and
/// stderr are `/dev/null` (the terminal stays ncurses'), it gets its own session (a
/// Ctrl-C in portal is not its), and it is not waited for on the UI thread: a detached
/// thread reaps it. Only http(s) URLs are opened; the UI refuses others before this.
enum PageOpener {
    /// glibc's `POSIX_SPAWN_SETSID` (0x80, since 2.26), which Swift's Glibc module does not
    /// export: the opener gets its own session, with no controlling terminal to take.
    static let spawnNewSession: Int16 = 0x80

    /// The argv for `url` under `browser` (`$BROWSER`, nil or empty for `xdg-open`).
    static func arguments(for url: URL, browser: String?) -> [String] {
        let first = (browser ?? "").split(separator: ":", omittingEmptySubsequences: true).first.map(String.init) ?? ""
        var words = first.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard !words.isEmpty else { return ["xdg-open", url.absoluteString] }
        if words.contains(where: { $0.contains("%s") }) {
            words = words.map { $0.replacingOccurrences(of: "%s", with: url.absoluteString) }
        } else {
            words.append(url.absoluteString)
        }
        return words
    }

    /// Starts the opener for `url`; false when it could not be started.
    @discardableResult
    static func open(_ url: URL, browser: String? = ProcessInfo.processInfo.environment["BROWSER"]) -> Bool {
        guard url.scheme == "http" || url.scheme == "https" else { return false }
        let argv = arguments(for: url, browser: browser)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY, 0)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Self.spawnNewSession)
        var cArguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawnp(&pid, argv[0], &actions, &attributes, &cArguments, environ)
        guard status == 0 else { return false }
        // Reaped off the UI thread, so it never lingers as a zombie.
        let child = pid
        Thread.detachNewThread {
            var code: Int32 = 0
            while waitpid(child, &code, 0) < 0, errno == EINTR {}
        }
        return true
    }
}
