import Foundation
import PortalCore

/// One PostgREST column filter, `column=operator.value` (`status=eq.Dead`,
/// `id=in.(1,2,3)`, `name=ilike.*rick*`, `type=is.null`, `status=not.eq.Dead`), checked
/// on the command line so a typo is a usage error, not a 400 from the server, and sent
/// to the server as the query pair `column` = `operator.value`.
public struct PostgRESTFilter: Sendable, Hashable, CustomStringConvertible {
    /// The operators PostgREST reads from a query value.
    public static let operators: Set<String> = [
        "eq", "neq", "gt", "gte", "lt", "lte", "like", "ilike", "in", "is",
        "match", "imatch", "fts", "plfts", "phfts", "wfts", "cs", "cd", "ov",
        "sl", "sr", "nxr", "nxl", "adj", "isdistinct",
    ]
    /// Query keys PostgREST reserves for itself; they are not columns.
    public static let reservedKeys: Set<String> = ["select", "order", "limit", "offset", "columns", "on_conflict", "and", "or", "not"]

    public let column: String
    /// Everything after `=`: `[not.]operator.value`.
    public let expression: String
    /// The operator, without a `not.` prefix.
    public let op: String
    public let negated: Bool
    /// The value after the operator (`Dead`, `(1,2,3)`, `null`).
    public let value: String

    /// Parses `column=operator.value`; the message says what is wrong.
    public init(parsing text: String) throws(RequestSyntaxError) {
        guard let equals = text.firstIndex(of: "=") else {
            throw RequestSyntaxError("--where '\(text)' is not column=operator.value (e.g. status=eq.Dead)")
        }
        let column = String(text[..<equals]).trimmingCharacters(in: .whitespaces)
        guard Self.isColumnName(column) else {
            throw RequestSyntaxError("--where '\(text)': '\(column)' is not a column name")
        }
        guard !Self.reservedKeys.contains(column) else {
            throw RequestSyntaxError("--where '\(text)': '\(column)' is a PostgREST parameter, not a column")
        }
        let expression = String(text[text.index(after: equals)...])
        var rest = Substring(expression)
        var negated = false
        if rest.hasPrefix("not.") {
            negated = true
            rest = rest.dropFirst(4)
        }
        guard let dot = rest.firstIndex(of: ".") else {
            throw RequestSyntaxError("--where '\(text)': expected operator.value after '=' (e.g. eq.Dead)")
        }
        let op = String(rest[..<dot])
        guard Self.operators.contains(op) else {
            throw RequestSyntaxError("--where '\(text)': unknown operator '\(op)' (eq neq gt gte lt lte like ilike in is …)")
        }
        let value = String(rest[rest.index(after: dot)...])
        if op == "in", !(value.hasPrefix("(") && value.hasSuffix(")")) {
            throw RequestSyntaxError("--where '\(text)': in takes a list in parentheses, e.g. in.(1,2,3)")
        }
        if op == "is", !["null", "true", "false", "unknown"].contains(value.lowercased()) {
            throw RequestSyntaxError("--where '\(text)': is takes null, true, false or unknown")
        }
        self.column = column
        self.expression = expression
        self.op = op
        self.negated = negated
        self.value = value
    }

    /// The query pair sent to the server.
    public var queryItem: (key: String, value: String) { (column, expression) }

    public var description: String { "\(column)=\(expression)" }

    /// A table name portal sends: the same characters as a column.
    public static func isTableName(_ name: String) -> Bool { isColumnName(name) }

    /// Letters, digits, `_` and `-`, not starting with a digit: what can stand unquoted
    /// in a PostgREST query key.
    static func isColumnName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !CharacterSet.decimalDigits.contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || $0 == "_" || $0 == "-" }
    }
}
