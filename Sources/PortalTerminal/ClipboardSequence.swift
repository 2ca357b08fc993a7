import CNcurses
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `y` / `Y`: the clipboard by OSC 52 (`ESC ] 52 ; c ; <base64> BEL`), which the terminal
/// itself interprets — so it works over ssh, and inside tmux with `set-clipboard on`
/// (tmux takes the sequence into its paste buffer and passes it on to the terminal
/// outside). The payload is base64, so not one byte of a server's text reaches the
/// terminal raw; the sequence is written beside ncurses (it draws nothing and moves no
/// cursor), to the stream ncurses writes to.
enum ClipboardSequence {
    static let start: [UInt8] = Array("\u{1B}]52;c;".utf8)
    /// BEL ends it: understood by xterm, tmux, kitty, iTerm2, WezTerm and foot alike.
    static let end: [UInt8] = [0x07]

    /// The whole sequence for `data`.
    static func osc52(_ data: Data) -> [UInt8] {
        start + Array(data.base64EncodedString().utf8) + end
    }

    /// Writes the sequence for `data` to the terminal and flushes it.
    static func write(_ data: Data) {
        guard let output = portal_stdout() else { return }
        let bytes = osc52(data)
        bytes.withUnsafeBufferPointer { buffer in _ = fwrite(buffer.baseAddress, 1, buffer.count, output) }
        fflush(output)
    }
}
