import Foundation
import PortalCore
import PortalJSON
import PortalPaging

/// One list of a preset: a dialect's list (`AnyAPIPages`: its URL, headers and
/// `ListReading` — dialect, addressing, total and page size) whose items are read as
/// typed models. The reading is the preset file's `paging` as `PagingSpec.reading` makes
/// it (`told`), the code a user's `[apis.NAME.lists.LIST] paging = {…}` is read by; the
/// next request, page N and the total are then the dialect's — the same code a `--url`
/// list runs. What the preset adds is its item reader, and the rules of the dialect the
/// file selects that no data says (`range`'s count negotiation: `RangeCountRules`).
///
/// Why not `AnyAPIPages` itself: a preset's items are models (fast to read, small to
/// hold: see `make bench`), where any API's are `Row`s kept as served.
public struct PresetPages<Item: Identifiable & Sendable>: AddressablePageStrategy where Item.ID: Sendable {
    /// The list as its dialect pages it.
    public let list: AnyAPIPages
    public let reader: PresetItemReader<Item>
    public let rules: any PresetPageRules

    /// `rules`: nil for those of the list's dialect (`rules(of:)`).
    public init(list: AnyAPIPages, reader: PresetItemReader<Item>, rules: (any PresetPageRules)? = nil) {
        self.list = list
        self.reader = reader
        self.rules = rules ?? Self.rules(of: list.reading.paging)
    }

    /// The list at `url` paged as `paging` (a preset file's `paging` table) says, read
    /// before any answer (`PagingSpec.reading(url:items:pageSize:)`); `pageTemplate` is the
    /// URL page N is set on when it is not `url` (`AnyAPIPages`). A spec that cannot be
    /// read without an answer (a `next` style naming no `next`) makes a list of one page.
    public static func told(url: URL, items: [String], paging: PagingSpec, pageSize: Int, headers: [String: String],
                            pageTemplate: URL? = nil, method: String = "GET", body: Data? = nil,
                            reader: PresetItemReader<Item>) -> PresetPages {
        let reading = (try? paging.reading(url: url, items: items, pageSize: pageSize))
            ?? ListReading(items: items, paging: NoPaging(), pageSize: pageSize)
        return PresetPages(list: AnyAPIPages(url: url, reading: reading, headers: headers, pageTemplate: pageTemplate, method: method, body: body),
                           reader: reader)
    }

    /// The rules of `dialect` beside its data: `range` asks a count by `Prefer` and steps
    /// down when a server refuses it (`RangeCountRules`); the other dialects need none.
    public static func rules(of dialect: any PagingDialect) -> any PresetPageRules {
        dialect is ContentRangePaging ? RangeCountRules() : NoPageRules()
    }

    /// The dialect's first request (PostgREST's first `Range` window included).
    public var firstPage: PageRequest { list.firstPage }

    public var pageSize: Int { list.pageSize }

    /// The dialect's request for page `index` (`PageAddress`); nil where the list only walks.
    /// A source hands the browser `list` itself to page (`addressablePages(of:)`), so the
    /// way from a key to a request does not pass here.
    public func request(forPage index: Int) -> PageRequest? { list.request(forPage: index) }

    public func decode(_ response: HTTPResponse, for request: PageRequest) throws(PageFailure) -> PageContent<Item> {
        let reading = list.reading
        if let again = rules.request(insteadOf: request, answered: response) { return PageContent(items: [], next: again, totalCount: nil) }
        let estimated = rules.totalIsEstimate(for: request)
        if reading.paging.isPastEnd(response) {
            let said = reading.total?.value(root: .null, response: response, pageSize: pageSize)
            let (reached, past) = request.index.multipliedReportingOverflow(by: pageSize)
            return PageContent(items: [], next: nil, totalCount: estimated ? nil : said ?? (past ? nil : reached),
                               estimatedTotal: estimated ? said : nil)
        }
        guard (200..<300).contains(response.status) else { throw rules.failure(response) }
        // Any body that is not a page of the preset is malformed, a tree past the limits too:
        // the models' reader refuses the same answers so.
        let envelope: JSONEnvelope
        do { envelope = try JSONEnvelope.read(response.body, items: reading.items) } catch {
            throw PageFailure(.malformed, "malformed page: \(error)")
        }
        guard let itemText = envelope.items else {
            throw PageFailure(.malformed, "malformed page: no item list at \(reading.items.isEmpty ? "the top level" : reading.items.joined(separator: "."))")
        }
        let (product, past) = request.index.multipliedReportingOverflow(by: pageSize)
        let position = past ? 0 : product
        let items: [Item]
        do { items = try reader.read(itemText, firstPosition: position) } catch {
            throw PageFailure(.malformed, "malformed page: \(DecodeErrorText.short(error))")
        }
        let answer = PageAnswer(request: request, response: response, root: envelope.root, itemCount: items.count,
                                lastItemID: items.last.map { "\($0.id)" }, list: list, rules: rules)
        let (next, stop) = try PageStop.next { () throws(PageFailure) in try reading.paging.next(after: answer) }
        // The total as the answer says it (capped); where it says none, the end of an
        // addressable list is one, as for any API's. An estimate is shown as one only.
        var total = answer.total
        if total == nil, !estimated, reading.addressing != nil, next == nil, stop == nil {
            let (end, over) = position.addingReportingOverflow(items.count)
            total = over ? nil : end
        }
        let estimate = estimated ? reading.total?.value(root: envelope.root, response: response, pageSize: pageSize) : nil
        var page = PageContent(items: items, next: next.map { rules.carrying($0, from: request) }, totalCount: total, estimatedTotal: estimate)
        page.stop = stop
        return page
    }
}
