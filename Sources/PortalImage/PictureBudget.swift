import CImageShim
import Dispatch
import Synchronization

/// The memory pictures may hold, in one place, and the way freed pixels go back to the
/// system.
///
/// Why these figures: 60 jumps on a million cards with pictures were to stay under 64 MB
/// resident (`rss_mb_after_jumps_1m_pictures`), and about 42 MB of that is the binary and
/// its libraries. The pictures the screen needs are always kept whole whatever the budget
/// (at 120 × 40, 28 cards on screen and 8 ahead, 5.2 MiB of 192 × 192 avatars); the budgets
/// only say how much more is kept for coming back. Behind them the disk cache keeps the bytes, and decoding
/// an avatar again costs about a millisecond.
public enum PictureBudget {
    /// The UI's picture store (`PictureStore`), for what it keeps of pictures off screen:
    /// only their cards (symbol cells, 2–3 KB a card, or in the pixel modes pixels scaled to
    /// a card, `cardPixelSide`, 40 KB), so hundreds of cards in symbols, about a hundred in
    /// pixels. The screen's own pictures are held whole whatever it says.
    public static let storeBytes = 4 * 1_048_576
    /// The side, in pixels, a card's picture is kept at off screen in the pixel modes (sixel,
    /// kitty): a card's 10 × 5 cells at the 10 × 20 pixels a cell is taken to be when the
    /// terminal does not say (100 × 100 RGBA, 40 KB; the terminal scales it to its cells).
    public static let cardPixelSide = 100
    /// The interpreter's decoded pictures by address (`PictureMemoryCache`): the same
    /// pixels as the store's mostly (one buffer, shared), so small; it serves a picture
    /// that several items share (avatars repeat every 826 cards on a scaled mirror) and
    /// the pane.
    public static let memoryCacheBytes = 2 * 1_048_576
    /// Dropping at least this many bytes of pixels at once hands the freed memory back to
    /// the system (`releaseFreedMemory`).
    public static let releaseAfterBytes = 1_048_576

    /// Gives freed heap memory back to the system (glibc's `malloc_trim`): pictures are
    /// decoded on the pool's threads, each with its own malloc arena, and a freed 147 KiB
    /// buffer otherwise stays in its arena, resident, after its picture is dropped.
    /// Called after a budget drops pictures, not per frame. Returns whether any was given.
    @discardableResult
    public static func releaseFreedMemory() -> Bool {
        portal_image_release_freed_memory() != 0
    }

    /// `releaseFreedMemory` on a background queue, at most one at a time: the UI's store
    /// drops a screen's whole pictures each time it scrolls a screen, and `malloc_trim`
    /// walks every arena (hundreds of µs), which a frame should not wait for. It takes
    /// the arenas' own locks, so it is safe beside the threads that allocate.
    public static func releaseFreedMemoryInBackground() {
        guard releasing.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else { return }
        DispatchQueue.global(qos: .utility).async {
            releaseFreedMemory()
            releasing.store(false, ordering: .releasing)
        }
    }

    /// Whether a background release is under way.
    private static let releasing = Atomic<Bool>(false)
}
