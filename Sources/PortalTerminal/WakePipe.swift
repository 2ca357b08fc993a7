import CPortalShim

/// The self-pipe that wakes the event loop out of `poll()`.
///
/// Three kinds of writer: signal handlers (the signal number, from C), finished effects
/// (byte 0, from any thread) and nobody else. The loop only learns "something happened"
/// and then looks at every source, so bytes may be coalesced or dropped when the pipe
/// is full without losing a wake-up.
///
/// The pipe is never closed: a detached effect can still finish after the loop ended,
/// and writing into a closed (or, worse, reused) descriptor number would be a bug. It
/// lives exactly as long as the process.
final class WakePipe: Sendable {
    /// The byte an effect writes; signal numbers are 1...64, so they never collide.
    static let effectByte: UInt8 = 0

    let readDescriptor: Int32
    let writeDescriptor: Int32

    init() throws(TerminalError) {
        var descriptors: [Int32] = [-1, -1]
        guard portal_wake_pipe_open(&descriptors) == 0 else {
            throw TerminalError("cannot create the event loop's wake-up pipe")
        }
        readDescriptor = descriptors[0]
        writeDescriptor = descriptors[1]
    }

    /// Wakes the loop. Safe from any thread.
    func poke() {
        portal_wake_pipe_poke(writeDescriptor, WakePipe.effectByte)
    }

    /// Everything written since the last drain (signal numbers, effect bytes).
    func drain() -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBufferPointer { portal_wake_pipe_drain(readDescriptor, $0.baseAddress, $0.count) }
        return Array(buffer.prefix(count))
    }
}
