import Foundation
import PortalCore
import PortalServers
import PortalTestSupport
import Testing

/// A preset's paging is one of the registry's dialects: the detector, given the preset's
/// own first answer (from the snapshot), reads the very dialect and jumps the preset names.
@Suite struct PresetDialectTests {
    @Test(arguments: APIRegistry.presets.map(\.kind.rawValue))
    func theDetectorReadsThePresetsOwnDialect(name: String) async throws {
        let preset = try #require(APIRegistry.named(name))
        let snapshot = try SnapshotTransport(dataFolder: TestData.folder, api: preset.kind)
        let source = preset.makeSource(SourceSettings(baseURL: preset.snapshotBaseURL))
        let tab = try #require(source.tabs.first)
        let first = source.firstPage(for: ListQuery(kind: tab.kind))
        let reading = try DialectDetector.detect(try await snapshot.send(first.http), for: first.http.url)
        #expect(reading.paging.isSame(as: preset.paging), "\(name): \(reading.paging) against \(preset.paging)")
        #expect(reading.addressing == preset.address)
        #expect(APIRegistry.dialects.contains { $0.name == preset.paging.name })
    }

    @Test func theRegistryNamesEveryDialectOnceAndTriesNoneLast() {
        let names = PagingDialects.names
        #expect(Set(names).count == names.count)
        #expect(names.last == NoPaging.name)
        #expect(["link", "next", "page", "offset", "cursor", "has-more", "range", "none"].allSatisfy(names.contains))
    }
}
