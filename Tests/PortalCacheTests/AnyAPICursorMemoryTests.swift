import Foundation
@testable import PortalCache
import PortalCore
import PortalServers
import PortalTestSupport
import Testing
import PortalPaging

/// A list that can only be walked (opaque cursors) remembers every cursor it passed in
/// the disk cache: the cursors are in the answers kept there, so the next run walks the
/// same pages — going back, `g`, a jump to a page seen — without a request.
@Suite("Cursor lists through the disk cache")
struct AnyAPICursorMemoryTests {
    static func chain(_ network: any Transport, _ dir: TemporaryDirectory, offline: Bool = false) -> any Transport {
        CachingTransport(wrapping: DiskCachingTransport(wrapping: network, cache: DiskCache(directory: dir.path), offline: offline, now: TestClock().function))
    }

    static func walk(_ style: PagingStyle, through transport: any Transport) async throws -> [String] {
        let url = DialectTransport.url(style)
        let reading = try await DialectProbe.detect(url: url, headers: [:], overrides: .init(), sender: RetryingSender(transport: transport)).get()
        return await drain(AnyAPIPages(url: url, reading: reading), through: transport).items.map(\.id)
    }

    @Test(arguments: [PagingStyle.cursor, .nextNoCount, .stripe])
    func theNextRunWalksTheCursorsItPassedWithoutARequest(style: PagingStyle) async throws {
        let dir = try TemporaryDirectory()
        let network = CountingTransport(try DialectTransport())
        let first = try await Self.walk(style, through: Self.chain(network, dir))
        let pages = network.count
        #expect(first.count == 826 && pages == (style == .stripe ? 83 : 42))
        let second = try await Self.walk(style, through: Self.chain(network, dir))
        #expect(second == first)
        #expect(network.count == pages, "the second run asked the network for nothing")
        let offline = try await Self.walk(style, through: Self.chain(network, dir, offline: true))
        #expect(offline == first && network.count == pages)
    }
}
