/// The bridge from libFuzzer's C callback to an entry point.
public enum LibFuzzerInput {
    /// Runs `entryPoint` on libFuzzer's bytes; a broken invariant becomes a crash, which
    /// is how libFuzzer learns of a finding (and saves the input as `crash-…`).
    public static func run(_ data: UnsafePointer<UInt8>?, _ size: Int, _ entryPoint: ([UInt8]) throws -> Void) -> Int32 {
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        do {
            try entryPoint(bytes)
        } catch {
            fatalError("fuzz invariant broken: \(error)")
        }
        return 0
    }
}
