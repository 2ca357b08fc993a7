import Foundation
import FuzzEntryPoints
import PortalCore
import PortalPaging
import PortalUI

/// libFuzzer target: the grid's arithmetic with extreme totals. The input is a program
/// of operations on a `GridState` beside a `SparseList` — counts reported by a server
/// (through `ReportedCount`, as every dialect reads them) or set raw, sizes, movements,
/// `:N` jumps — each taking a 64-bit operand, so totals near `Int.max`, widths of 0 and
/// cards a million rows high all come up. After every step the grid must hold its
/// invariants, and the list must answer the grid's viewport without trapping.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    LibFuzzerInput.run(data, size, GridFuzz.run)
}

struct GridFuzzFinding: Error, CustomStringConvertible {
    let description: String
}

enum GridFuzz {
    struct Entry: Identifiable, Sendable { let id: Int }

    /// The fuzzed server's pages: 20 rows each, page N at `?page=N`.
    struct GridPages: PageAddressable {
        var pageSize: Int { 20 }
        func request(forPage index: Int) -> PageRequest? {
            URL(string: "https://grid.test/rows?page=\(index)").map { PageRequest(url: $0, index: index) }
        }
    }

    static let addressing = PageAddressing(pages: GridPages())

    /// How many of a step's requests the fuzzed server answers.
    static let answeredPerStep = 8

    static func run(_ bytes: [UInt8]) throws {
        var grid = GridState()
        let list = SparseList<Entry>(firstPage: addressing.request(forPage: 0)!, addressing: addressing, maxPages: 8, maxInFlight: 4)
        var started = false
        var position = 0
        func operand() -> Int {
            var value: UInt64 = 0
            for _ in 0..<8 {
                value = value << 8 | UInt64(position < bytes.count ? bytes[position] : 0)
                position += 1
            }
            return Int(truncatingIfNeeded: value)
        }
        var steps = 0
        while position < bytes.count, steps < 64 {
            steps += 1
            let code = bytes[position]
            position += 1
            switch code % 8 {
            case 0:
                // A server's total: capped as every dialect caps it.
                let reported = operand()
                if !started, let ticket = list.ticketsForPages(near: 0..<1, before: 0, after: 0).first {
                    started = true
                    _ = list.apply(.success(PageContent(items: (1...20).map(Entry.init), next: nil, totalCount: reported)), for: ticket)
                }
                grid.setItemCount(ReportedCount.plausible(reported) ?? list.count)
            case 1: grid.setItemCount(operand())
            case 2:
                let lower = operand(), upper = operand()
                if lower <= upper { grid.didInsert(lower..<upper) }
            case 3: grid.resize(width: operand() % 100_000, height: operand() % 100_000, cardHeight: operand())
            case 4:
                let all = GridMovement.allCases
                grid.move(all[Int(UInt8(truncatingIfNeeded: operand())) % all.count])
            case 5: grid.select(operand())
            case 6: grid.reset()
            default: grid.resize(width: operand(), height: operand())
            }
            try check(grid)
            let visible = grid.visibleRange
            // Margins as the planner gives them (a few screens), so a run stays fast; the
            // list's own bounds on absurd windows are SparseListTests' to check.
            let (screen, overflow) = grid.columns.multipliedReportingOverflow(by: grid.viewportRows)
            let margin = overflow ? 2_000 : min(screen, 2_000)
            let (end, past) = visible.lowerBound.addingReportingOverflow(2_000)
            let tickets = list.ticketsForPages(near: visible.clamped(to: visible.lowerBound..<(past ? Int.max : end)),
                                               before: margin, after: Int(UInt16(truncatingIfNeeded: operand())))
            // The server answers a few of the pages asked for (a viewport of a million cards
            // asks for thousands); the rest stay in flight until the next steps scroll them
            // far away and the list gives up on them, as the planner has it do.
            for ticket in tickets.prefix(answeredPerStep) {
                let start = ticket.request.index * 20
                _ = list.apply(.success(PageContent(items: (start + 1...start + 20).map(Entry.init), next: nil, totalCount: list.count)), for: ticket)
            }
            _ = list.cancelFarPages(keeping: margin)
            _ = list.slot(at: visible.lowerBound)
            _ = list.slot(at: max(visible.lowerBound, visible.upperBound - 1))
        }
    }

    static func check(_ grid: GridState) throws {
        let count = grid.itemCount
        guard count >= 0 else { throw GridFuzzFinding(description: "count \(count)") }
        if let selection = grid.selection, !(0..<count).contains(selection) {
            throw GridFuzzFinding(description: "selection \(selection) outside 0..<\(count)")
        }
        if count > 0, grid.selection == nil { throw GridFuzzFinding(description: "no selection in \(count) items") }
        guard (0...grid.maxOffsetRows).contains(grid.offsetRows) else {
            throw GridFuzzFinding(description: "offset \(grid.offsetRows) outside 0...\(grid.maxOffsetRows)")
        }
        let visible = grid.visibleRange
        guard visible.lowerBound >= 0, visible.upperBound <= count else {
            throw GridFuzzFinding(description: "visible \(visible) outside 0...\(count)")
        }
    }
}
