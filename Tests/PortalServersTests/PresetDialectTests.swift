import Foundation
import PortalCore
import PortalPresets
import PortalServers
import PortalTestSupport
import Testing
import PortalPaging

/// A preset's list pages as its preset file's `paging` says, read by the code a user's
/// `paging = {…}` is read by: the detector, given the file's paging table and items as a
/// user's spec and the preset's own first answer (from the snapshot), reads the very
/// reading (dialect, total, jumps, page size) the preset's source pages by.
@Suite struct PresetDialectTests {
    @Test(arguments: APIRegistry.presets.map(\.kind.rawValue))
    func theFilesPagingReadsAsAUsersSpecWould(name: String) async throws {
        let preset = try #require(APIRegistry.named(name))
        let snapshot = try SnapshotTransport(dataFolder: TestData.folder, api: preset.kind)
        var settings = SourceSettings(baseURL: preset.snapshotBaseURL)
        settings.presetLists = TestData.presetLists(for: preset.kind)
        let source = preset.makeSource(settings)
        let tab = try #require(source.tabs.first)
        let query = ListQuery(kind: tab.kind)
        let pages = try #require((source as? any AddressableSource)?.addressablePages(of: query) as? AnyAPIPages)
        let first = source.firstPage(for: query)
        let spec = try #require(settings.presetLists.paging(of: tab.kind.rawValue), "\(name): the file names its paging")
        let overrides = DialectDetector.Overrides(items: settings.presetLists.itemsPath(of: tab.kind.rawValue), spec: spec)
        let reading = try DialectDetector.detect(try await snapshot.send(first.http), for: first.http.url, overrides: overrides)
        #expect(reading == pages.reading, "\(name): \(reading.explanation) against \(pages.reading.explanation)")
        #expect(pages.reading.addressing != nil && pages.reading.total != nil, "\(name) jumps and knows its total")
    }

    @Test func theRegistryNamesEveryDialectOnceAndTriesNoneLast() {
        let names = PagingDialects.names
        #expect(Set(names).count == names.count)
        #expect(names.last == NoPaging.name)
        #expect(["link", "next", "page", "offset", "cursor", "has-more", "range", "none"].allSatisfy(names.contains))
    }
}
