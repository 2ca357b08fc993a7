import Foundation
import PortalCore
import PortalPaging

/// How a list of many is read when it is used rather than before: a saved API's lists
/// were each asked for their first page, one after another, before the browser's first
/// screen (1,000 lists, 1,000 requests first). A list made `unread` is read from its own
/// first page when that page is decoded (its tab shown), with the overrides it was given
/// (`--items`, `--paging`, its spec's paging); what it read is kept for its later pages
/// and every copy of the source, and the page hands the list its addressing.
public struct DeferredReading: Sendable {
    /// What reading the first answer takes as given.
    let overrides: DialectDetector.Overrides
    /// The reading, once the first answer was read.
    let readings = FirstAnswerReadings<ListReading>()
}

extension AnyAPISource {
    /// The list's pages: as its first answer said once read, else as given.
    public var pages: AnyAPIPages {
        guard let deferred, let reading = deferred.readings[""] else { return givenPages }
        return AnyAPIPages(url: givenPages.url, reading: reading, headers: givenPages.headers, pageTemplate: givenPages.pageTemplate,
                           method: givenPages.method, body: givenPages.body)
    }

    /// The list at `url` read from its own first page when that page is decoded, not before.
    public static func unread(
        url: URL, headers: [String: String], overrides: DialectDetector.Overrides, fields: [String]? = nil,
        picturesOrigin: PicturesOrigin = .any, spec: ListSpec = ListSpec(), name: String? = nil, byKeys: [String: ByKeysRoute] = [:]
    ) -> AnyAPISource {
        // Until its first answer: the items where the overrides say, one page.
        let unread = ListReading(items: overrides.items ?? [], paging: NoPaging(), pageSize: 0)
        var source = AnyAPISource(pages: AnyAPIPages(url: url, reading: unread, headers: headers), fields: fields,
                                  picturesOrigin: picturesOrigin, spec: spec, name: name, byKeys: byKeys)
        source.deferred = DeferredReading(overrides: overrides)
        return source
    }

    /// Whether the list is still to be read from its first answer.
    public var isUnread: Bool { deferred.map { $0.readings[""] == nil } ?? false }

    /// Reads the list from `response` when it is its first answer not read yet (kept for
    /// its later pages); true when it read it now.
    func readFirstAnswer(_ response: HTTPResponse, for request: PageRequest) throws(PageFailure) -> Bool {
        guard let deferred, request.index == 0, deferred.readings[""] == nil else { return false }
        let reading = try DialectDetector.detect(response, for: request.http.url, overrides: deferred.overrides)
        deferred.readings.learn(reading, for: "")
        return true
    }
}
