import PortalMirror
import Foundation
import Testing
@testable import PortalCore
import PortalDemoModels
import PortalPresets
import PortalTestSupport

/// Bytes from the network are untrusted: whatever arrives, decoding a page either
/// succeeds or reports a malformed page — it never traps — and a cut-off page is never
/// mistaken for a whole one (that is what makes truncated bodies retryable).
@Suite("Page decoding survives truncated and corrupted bodies")
struct PageDecodingSurvivesTruncatedAndCorruptBodiesTests {
    typealias Pages = PresetPages<Character>
    static let strategy = Pages.rickAndMorty(baseURL: TestData.base, request: .list(.character))

    static func page(_ n: Int) async throws -> HTTPResponse {
        try await get("/character?page=\(n)")
    }

    @Test func everyTruncationIsRejected() async throws {
        var rng = SplitMix64(seed: 7)
        for n in [1, 2, 21, 42] {
            let whole = try await Self.page(n)
            #expect(throws: Never.self) { _ = try Self.strategy.decode(whole, for: Self.strategy.firstPage) }
            for _ in 0..<100 {
                let cut = Int(rng.next() % UInt64(whole.body.count))
                var truncated = whole
                truncated.body = whole.body.prefix(cut)
                #expect(throws: PageFailure.self, "page \(n) cut at \(cut) decoded") {
                    _ = try Self.strategy.decode(truncated, for: Self.strategy.firstPage)
                }
            }
        }
    }

    @Test func corruptedBytesNeverTrap() async throws {
        var rng = SplitMix64(seed: 11)
        let whole = try await Self.page(1)
        let hostile: [UInt8] = [0x00, 0x1B, 0x22, 0x5C, 0x7B, 0x7D, 0x5B, 0x5D, 0x2C, 0x3A, 0xFF, 0xC3, 0xE2, 0x80]
        var decoded = 0, rejected = 0
        for _ in 0..<1000 {
            var bytes = [UInt8](whole.body)
            for _ in 0..<Int(1 + rng.next() % 4) {
                let at = Int(rng.next() % UInt64(bytes.count))
                switch rng.next() % 3 {
                case 0: bytes[at] = hostile[Int(rng.next() % UInt64(hostile.count))]
                case 1: bytes.insert(hostile[Int(rng.next() % UInt64(hostile.count))], at: at)
                default: bytes.remove(at: at)
                }
            }
            var response = whole
            response.body = Data(bytes)
            do {
                let page = try Self.strategy.decode(response, for: Self.strategy.firstPage)
                #expect(page.items.count <= 20)
                decoded += 1
            } catch {
                #expect(error.kind == .malformed || error.kind == .foreignLink)
                rejected += 1
            }
        }
        #expect(decoded + rejected == 1000 && rejected > 0)
    }
}
