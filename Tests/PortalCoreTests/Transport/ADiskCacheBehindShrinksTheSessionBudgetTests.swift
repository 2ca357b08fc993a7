import PortalCore
import PortalTestSupport
import Testing

/// The session cache keeps a second copy of the answers only when nothing else does: with
/// a disk cache behind it, the disk holds them, and the session cache is a small window
/// of what is revisited soon (issue 27, item 4: a 1M session with pictures under 64 MB).
@Suite("Session cache budget")
struct ADiskCacheBehindShrinksTheSessionBudgetTests {
    @Test func aDiskCacheBehindMakesTheSessionBudgetSmall() {
        let alone = CachingTransport(wrapping: TestData.snapshot, capacityBytes: CachingTransport.budget(diskBehind: false))
        let withDisk = CachingTransport(wrapping: TestData.snapshot, capacityBytes: CachingTransport.budget(diskBehind: true))
        #expect(alone.capacityBytes == 32 * 1_048_576)
        #expect(withDisk.capacityBytes == 1_048_576)
        // Still many screens of pages: a Rick and Morty page of 20 characters is ~9 KB.
        #expect(withDisk.capacityBytes >= 100 * 9_225)
    }
}
