import Foundation
import PortalCore

/// Which table positions a PostgREST request sees, in its order: every row in id order
/// when nothing filters or reorders (computed, no array: a million synthetic rows cost
/// nothing), else the matching positions, sorted.
struct RowPositions {
    private enum Storage {
        case all(count: Int, descending: Bool)
        case listed([Int])
    }

    private let storage: Storage

    init(table: any RowTable, query: RowQuery) throws(RowQueryError) {
        // `order=id` and `order=id.desc` over the table's own (id) order need no sort.
        let byID = query.order.isEmpty || (query.order.count == 1 && query.order[0].column == "id")
        if query.filters.isEmpty, byID {
            storage = .all(count: table.count, descending: query.order.first?.descending ?? false)
            return
        }
        var matching: [Int] = []
        for position in 0..<table.count where try query.matches(table, at: position) {
            matching.append(position)
        }
        if byID, query.order.first?.descending == true {
            matching.reverse()
        } else if !byID {
            matching.sort { query.sortsBefore(table, $0, $1) }
        }
        storage = .listed(matching)
    }

    var count: Int {
        switch storage {
        case .all(let count, _): count
        case .listed(let list): list.count
        }
    }

    subscript(index: Int) -> Int {
        switch storage {
        case .all(let count, let descending): descending ? count - 1 - index : index
        case .listed(let list): list[index]
        }
    }
}
