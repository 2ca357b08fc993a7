import Foundation
import PortalCore
import PortalSources
#if canImport(Glibc)
import Glibc
#endif

/// Reads the sign-in password: `PORTAL_PASSWORD`, else a prompt on the terminal
/// (`/dev/tty`) with echo off, so it is never on the command line, in the shell history,
/// on the screen or in a log. Nil when there is neither (no terminal to ask on).
enum PasswordPrompt {
    static func password(for email: String, environment: [String: String]) -> String? {
        if let given = environment[SourceRequest.passwordVariable], !given.isEmpty { return given }
        return ask("Password for \(Sanitize.line(email)): ")
    }

    /// Asks on the controlling terminal with echo off, restoring the terminal's modes after.
    private static func ask(_ prompt: String) -> String? {
        let tty = open("/dev/tty", O_RDWR | O_NOCTTY)
        guard tty >= 0 else { return nil }
        defer { close(tty) }
        guard isatty(tty) == 1 else { return nil }
        var saved = termios()
        guard tcgetattr(tty, &saved) == 0 else { return nil }
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        quiet.c_lflag |= tcflag_t(ECHONL)
        _ = prompt.withCString { write(tty, $0, strlen($0)) }
        guard tcsetattr(tty, TCSAFLUSH, &quiet) == 0 else { return nil }
        defer { tcsetattr(tty, TCSAFLUSH, &saved) }
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while read(tty, &byte, 1) == 1, byte != 0x0A, byte != 0x0D {
            bytes.append(byte)
            if bytes.count > 4096 { break }
        }
        let text = String(decoding: bytes, as: UTF8.self)
        return text.isEmpty ? nil : text
    }
}
