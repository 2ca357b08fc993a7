import Foundation
import PortalCore
import PortalDemoModels
import PortalServers

/// A `postgres_changes` binding's `filter`, as Realtime reads it: `column=op.value` with
/// `eq`, `neq`, `lt`, `lte`, `gt`, `gte` and `in` (`status=in.(Alive,Dead)`), several
/// joined by commas meaning AND. A change is sent to the binding when its row passes; a
/// DELETE is judged by its old row, which holds only the primary key (so `id=eq.5`
/// sees row 5's deletion and `status=eq.Dead` sees no deletion).
struct RealtimeFilter: Sendable, Hashable {
    struct Condition: Sendable, Hashable {
        var column: String
        var op: String
        var values: [String]
    }

    var conditions: [Condition]

    static let operators: Set<String> = ["eq", "neq", "lt", "lte", "gt", "gte", "in"]

    /// Nil for a filter Realtime would refuse (`malformed_subscription_params`).
    init?(_ text: String) {
        var conditions: [Condition] = []
        for part in Self.splitTopLevel(text) {
            guard let equals = part.firstIndex(of: "=") else { return nil }
            let column = String(part[..<equals])
            let rest = part[part.index(after: equals)...]
            guard !column.isEmpty, let dot = rest.firstIndex(of: ".") else { return nil }
            let op = String(rest[..<dot])
            let value = String(rest[rest.index(after: dot)...])
            guard Self.operators.contains(op) else { return nil }
            if op == "in" {
                guard value.hasPrefix("("), value.hasSuffix(")") else { return nil }
                let inner = value.dropFirst().dropLast()
                conditions.append(Condition(column: column, op: op, values: inner.split(separator: ",", omittingEmptySubsequences: false).map {
                    $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                }))
            } else {
                conditions.append(Condition(column: column, op: op, values: [value]))
            }
        }
        guard !conditions.isEmpty else { return nil }
        self.conditions = conditions
    }

    /// Whether a row whose columns read `value` passes (a column it lacks: no).
    func passes(_ value: (String) -> Row.Value?) -> Bool {
        conditions.allSatisfy { condition in
            guard let found = value(condition.column) else { return false }
            let text: String
            switch found {
            case .number(let n): text = n
            case .string(let s): text = s
            case .bool(let b): text = b ? "true" : "false"
            case .null, .json: return false
            }
            return condition.values.contains { Self.compare(text, condition.op, $0, numeric: found.isNumber) }
        }
    }

    private static func compare(_ left: String, _ op: String, _ right: String, numeric: Bool) -> Bool {
        let order: ComparisonResult
        if numeric, let l = Double(left), let r = Double(right) {
            order = l < r ? .orderedAscending : (l > r ? .orderedDescending : .orderedSame)
        } else {
            order = left.utf8.lexicographicallyPrecedes(right.utf8) ? .orderedAscending : (left == right ? .orderedSame : .orderedDescending)
        }
        switch op {
        case "eq", "in": return order == .orderedSame
        case "neq": return order != .orderedSame
        case "lt": return order == .orderedAscending
        case "lte": return order != .orderedDescending
        case "gt": return order == .orderedDescending
        case "gte": return order != .orderedAscending
        default: return false
        }
    }

    /// Splits at commas outside parentheses.
    private static func splitTopLevel(_ text: String) -> [Substring] {
        var parts: [Substring] = []
        var depth = 0
        var start = text.startIndex
        for index in text.indices {
            switch text[index] {
            case "(": depth += 1
            case ")": depth = max(0, depth - 1)
            case "," where depth == 0:
                parts.append(text[start..<index])
                start = text.index(after: index)
            default: break
            }
        }
        parts.append(text[start...])
        return parts.filter { !$0.isEmpty }
    }
}

extension Row.Value {
    fileprivate var isNumber: Bool {
        if case .number = self { return true }
        return false
    }
}

extension Character {
    /// The value of a `characters` column as a filter reads it.
    func realtimeColumn(_ column: String) -> Row.Value? { scalar(column) }
}
