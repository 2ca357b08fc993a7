import Foundation
import PortalCore

/// The read part of a PostgREST request, parsed and checked against a table: column
/// filters, `order=` and `select=`, with PostgREST's errors for what it cannot read.
///
/// Semantics follow PostgreSQL: a comparison with null is unknown, so a row whose column is
/// null matches no filter but `is.null` (and `not.` does not bring it back); `like`/`ilike`
/// take `*` (and `%`) for any run and `_` for one character; ascending order puts nulls
/// last, descending first, unless `.nullsfirst`/`.nullslast` says otherwise.
struct RowQuery {
    struct Filter {
        var column: String
        var op: String
        var negated: Bool
        var operand: String
        /// `in.(…)`'s items.
        var list: [String]
    }

    struct OrderTerm {
        var column: String
        var descending: Bool
        var nullsFirst: Bool
    }

    var filters: [Filter] = []
    var order: [OrderTerm] = []
    /// Nil for `*`; else (output name, column).
    var select: [(name: String, column: String)]?

    static let reserved: Set<String> = ["select", "order", "limit", "offset", "columns", "on_conflict"]

    /// Reads `query` for `table` (named `name` in errors); the error is PostgREST's answer.
    init(query: [(key: String, value: String)], table: any RowTable, name: String) throws(RowQueryError) {
        let columns = Set(table.columns)
        func missing(_ column: String) -> RowQueryError {
            RowQueryError(status: 400, code: "42703", message: "column \(name).\(column) does not exist")
        }
        for (key, value) in query where !Self.reserved.contains(key) {
            guard columns.contains(key) else { throw missing(key) }
            filters.append(try Self.filter(column: key, expression: value))
        }
        if let text = query.first(where: { $0.key == "order" })?.value {
            for term in text.split(separator: ",") {
                let parts = term.split(separator: ".").map { $0.trimmingCharacters(in: .whitespaces) }
                guard let column = parts.first, !column.isEmpty else { throw Self.parseError("order", text) }
                guard columns.contains(column) else { throw missing(column) }
                var descending = false
                var nullsFirst: Bool?
                for modifier in parts.dropFirst() {
                    switch modifier {
                    case "asc": descending = false
                    case "desc": descending = true
                    case "nullsfirst": nullsFirst = true
                    case "nullslast": nullsFirst = false
                    default: throw Self.parseError("order", text)
                    }
                }
                order.append(OrderTerm(column: column, descending: descending, nullsFirst: nullsFirst ?? descending))
            }
        }
        if let text = query.first(where: { $0.key == "select" })?.value {
            let items = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            if !items.contains("*") && !items.isEmpty {
                select = try items.map { item throws(RowQueryError) in
                    let halves = item.split(separator: ":", maxSplits: 1).map(String.init)
                    let column = halves.count == 2 ? halves[1] : item
                    guard columns.contains(column) else { throw missing(column) }
                    return (halves.count == 2 ? halves[0] : column, column)
                }
            }
        }
    }

    static func parseError(_ what: String, _ text: String) -> RowQueryError {
        RowQueryError(status: 400, code: "PGRST100", message: "\"failed to parse \(what) (\(text))\"")
    }

    static func filter(column: String, expression: String) throws(RowQueryError) -> Filter {
        var rest = Substring(expression)
        var negated = false
        if rest.hasPrefix("not.") {
            negated = true
            rest = rest.dropFirst(4)
        }
        guard let dot = rest.firstIndex(of: ".") else { throw parseError("filter", expression) }
        let op = String(rest[..<dot])
        let operand = String(rest[rest.index(after: dot)...])
        var list: [String] = []
        switch op {
        case "eq", "neq", "gt", "gte", "lt", "lte", "like", "ilike":
            break
        case "is":
            guard ["null", "true", "false", "unknown"].contains(operand.lowercased()) else { throw parseError("filter", expression) }
        case "in":
            guard operand.hasPrefix("("), operand.hasSuffix(")") else { throw parseError("filter", expression) }
            list = splitList(operand.dropFirst().dropLast())
        default:
            throw parseError("filter", expression)
        }
        return Filter(column: column, op: op, negated: negated, operand: operand, list: list)
    }

    /// `a,b,"c,d"` → [a, b, c,d] (double quotes keep commas; `\"` is a quote).
    static func splitList(_ text: Substring) -> [String] {
        var items: [String] = []
        var current = ""
        var quoted = false
        var escaped = false
        var wasQuoted = false
        for ch in text {
            if escaped { current.append(ch); escaped = false; continue }
            switch ch {
            case "\\" where quoted: escaped = true
            case "\"": quoted.toggle(); wasQuoted = true
            case "," where !quoted:
                items.append(wasQuoted ? current : current.trimmingCharacters(in: .whitespaces))
                current = ""
                wasQuoted = false
            default: current.append(ch)
            }
        }
        if !current.isEmpty || wasQuoted || !items.isEmpty {
            items.append(wasQuoted ? current : current.trimmingCharacters(in: .whitespaces))
        }
        return items
    }

    // MARK: - Evaluation

    /// Whether the row at `position` passes every filter; a bad operand for the column's
    /// type is PostgreSQL's 22P02.
    func matches(_ table: any RowTable, at position: Int) throws(RowQueryError) -> Bool {
        for filter in filters {
            let value = table.value(filter.column, at: position) ?? .null
            guard let result = try Self.evaluate(filter, on: value) else { return false }
            if result == filter.negated { return false }
        }
        return true
    }

    /// True, false, or nil for SQL's unknown (a null compared).
    static func evaluate(_ filter: Filter, on value: Row.Value) throws(RowQueryError) -> Bool? {
        if filter.op == "is" {
            switch filter.operand.lowercased() {
            case "null": return value == .null
            case "true": return value == .bool(true)
            case "false": return value == .bool(false)
            default: return value == .null
            }
        }
        if value == .null { return nil }
        switch filter.op {
        case "in":
            for item in filter.list where try compare(value, item) == .orderedSame { return true }
            return false
        case "like", "ilike":
            guard case .string(let text) = value else {
                throw RowQueryError(status: 404, code: "42883", message: "operator does not exist: \(typeName(value)) ~~ unknown")
            }
            return likeMatch(text, pattern: filter.operand, caseInsensitive: filter.op == "ilike")
        default:
            let order = try compare(value, filter.operand)
            switch filter.op {
            case "eq": return order == .orderedSame
            case "neq": return order != .orderedSame
            case "gt": return order == .orderedDescending
            case "gte": return order != .orderedAscending
            case "lt": return order == .orderedAscending
            default: return order != .orderedDescending
            }
        }
    }

    /// The column value against an operand from the URL, in the column's type.
    static func compare(_ value: Row.Value, _ operand: String) throws(RowQueryError) -> ComparisonResult {
        switch value {
        case .number(let text):
            guard let a = Double(text), let b = Double(operand.trimmingCharacters(in: .whitespaces)) else {
                throw RowQueryError(status: 400, code: "22P02", message: "invalid input syntax for type integer: \"\(operand)\"")
            }
            return a < b ? .orderedAscending : a > b ? .orderedDescending : .orderedSame
        case .bool(let b):
            guard let other = Bool(operand.lowercased()) else {
                throw RowQueryError(status: 400, code: "22P02", message: "invalid input syntax for type boolean: \"\(operand)\"")
            }
            return b == other ? .orderedSame : (!b ? .orderedAscending : .orderedDescending)
        case .string(let s), .json(let s):
            return s < operand ? .orderedAscending : s > operand ? .orderedDescending : .orderedSame
        case .null:
            return .orderedSame
        }
    }

    static func typeName(_ value: Row.Value) -> String {
        switch value {
        case .number: "integer"
        case .bool: "boolean"
        case .json: "jsonb"
        default: "text"
        }
    }

    /// SQL LIKE with `*` or `%` for any run and `_` for one character.
    static func likeMatch(_ text: String, pattern: String, caseInsensitive: Bool) -> Bool {
        let t = Array(caseInsensitive ? text.lowercased() : text)
        let p = Array(caseInsensitive ? pattern.lowercased() : pattern)
        // Iterative wildcard match with backtracking to the last run.
        var ti = 0, pi = 0
        var star = -1, mark = 0
        while ti < t.count {
            if pi < p.count, p[pi] == "_" || (p[pi] != "*" && p[pi] != "%" && p[pi] == t[ti]) {
                ti += 1
                pi += 1
            } else if pi < p.count, p[pi] == "*" || p[pi] == "%" {
                star = pi
                mark = ti
                pi += 1
            } else if star >= 0 {
                pi = star + 1
                mark += 1
                ti = mark
            } else {
                return false
            }
        }
        while pi < p.count, p[pi] == "*" || p[pi] == "%" { pi += 1 }
        return pi == p.count
    }

    /// Whether the row at `a` sorts before the row at `b` under `order` (ties keep table order).
    func sortsBefore(_ table: any RowTable, _ a: Int, _ b: Int) -> Bool {
        for term in order {
            let x = table.value(term.column, at: a) ?? .null
            let y = table.value(term.column, at: b) ?? .null
            if x == .null || y == .null {
                if x == y { continue }
                return (x == .null) == term.nullsFirst
            }
            let result: ComparisonResult
            switch (x, y) {
            case (.number(let l), .number(let r)):
                let (dl, dr) = (Double(l) ?? 0, Double(r) ?? 0)
                result = dl < dr ? .orderedAscending : dl > dr ? .orderedDescending : .orderedSame
            default:
                let (l, r) = (x.description, y.description)
                result = l < r ? .orderedAscending : l > r ? .orderedDescending : .orderedSame
            }
            if result == .orderedSame { continue }
            return (result == .orderedAscending) != term.descending
        }
        return a < b
    }
}

/// PostgREST's answer to a request it cannot read.
struct RowQueryError: Error {
    var status: Int
    var code: String
    var message: String
}
