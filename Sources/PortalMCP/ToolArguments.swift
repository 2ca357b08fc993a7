import MCP
import PortalCore

/// A tool call's arguments, read with a sentence for each mistake: an unknown argument,
/// a missing one, a wrong type, a number out of range. Nothing here throws anything but
/// `ToolError`, so bad arguments are always a tool error, never a crash.
struct ToolArguments: Sendable {
    let tool: String
    let values: [String: Value]

    init(_ values: [String: Value]?, tool: String, allowed: [String]) throws(ToolError) {
        self.tool = tool
        self.values = values ?? [:]
        for key in self.values.keys.sorted() where !allowed.contains(key) {
            let takes = allowed.isEmpty ? "no arguments" : "only " + allowed.joined(separator: ", ")
            throw ToolError("\(tool) has no argument '\(Sanitize.line(key, limit: 40))'; it takes \(takes)")
        }
    }

    /// A required string argument.
    func required(_ name: String) throws(ToolError) -> String {
        guard let value = try string(name) else { throw ToolError("\(tool) needs '\(name)' (a string)") }
        return value
    }

    /// An optional string (a number is taken as its digits: a key may be either).
    func string(_ name: String) throws(ToolError) -> String? {
        switch values[name] {
        case nil, .null?: return nil
        case .string(let text)?:
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { throw ToolError("\(tool): '\(name)' is empty") }
            return trimmed
        case .int(let number)?: return String(number)
        case .double(let number)? where number == number.rounded() && abs(number) < 1e15: return String(Int(number))
        default: throw ToolError("\(tool): '\(name)' must be a string")
        }
    }

    /// A required record key: an integer, a string (one of whole digits is the integer), or
    /// an array of those for a key of several fields (`["org", "name"]`). Never hashed.
    func key(_ name: String) throws(ToolError) -> RecordKey {
        func part(_ value: Value) -> RecordKey? {
            switch value {
            case .int(let number): return .number(number)
            case .double(let number) where number == number.rounded() && abs(number) < 1e15: return .number(Int(number))
            case .string(let text):
                let trimmed = text.trimmingCharacters(in: .whitespaces)
                guard !trimmed.isEmpty else { return nil }
                if let number = Int(trimmed), String(number) == trimmed { return .number(number) }
                return .text(trimmed)
            default: return nil
            }
        }
        switch values[name] {
        case nil, .null?: throw ToolError("\(tool) needs '\(name)' (the record's key: a number, a string, or an array of the key's fields)")
        case .array(let parts)?:
            let keys = parts.compactMap(part)
            guard !keys.isEmpty, keys.count == parts.count else {
                throw ToolError("\(tool): '\(name)' as an array holds the key's fields, each a number or a non-empty string")
            }
            return keys.count == 1 ? keys[0] : .fields(keys)
        case let value?:
            guard let key = part(value) else { throw ToolError("\(tool): '\(name)' must be a number, a non-empty string, or an array of them") }
            return key
        }
    }

    /// An optional whole number in `range` (a string of digits is taken too), else `fallback`.
    func int(_ name: String, default fallback: Int, in range: ClosedRange<Int>) throws(ToolError) -> Int {
        let number: Int
        switch values[name] {
        case nil, .null?: return fallback
        case .int(let value)?: number = value
        case .double(let value)? where value == value.rounded() && abs(value) < 1e15: number = Int(value)
        case .string(let text)? where Int(text.trimmingCharacters(in: .whitespaces)) != nil:
            number = Int(text.trimmingCharacters(in: .whitespaces)) ?? fallback
        default: throw ToolError("\(tool): '\(name)' must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        guard range.contains(number) else {
            throw ToolError("\(tool): '\(name)' must be from \(range.lowerBound) to \(range.upperBound), not \(number)")
        }
        return number
    }

    /// An optional list of strings: a JSON array of strings, or one string of names split at commas.
    func strings(_ name: String) throws(ToolError) -> [String]? {
        switch values[name] {
        case nil, .null?: return nil
        case .string(let text)?:
            let names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            return names.isEmpty ? nil : names
        case .array(let elements)?:
            var names: [String] = []
            for element in elements {
                guard case .string(let text) = element, !text.trimmingCharacters(in: .whitespaces).isEmpty else {
                    throw ToolError("\(tool): '\(name)' must be an array of field names (strings)")
                }
                names.append(text.trimmingCharacters(in: .whitespaces))
            }
            return names.isEmpty ? nil : names
        default: throw ToolError("\(tool): '\(name)' must be an array of strings")
        }
    }

    /// An optional object of string values (`filters`: `{"status": "dead"}`), in key order.
    func pairs(_ name: String) throws(ToolError) -> [(String, String)] {
        switch values[name] {
        case nil, .null?: return []
        case .object(let fields)?:
            var pairs: [(String, String)] = []
            for key in fields.keys.sorted() {
                switch fields[key] {
                case .string(let text)?: pairs.append((key, text))
                case .int(let number)?: pairs.append((key, String(number)))
                case .bool(let flag)?: pairs.append((key, flag ? "true" : "false"))
                default: throw ToolError("\(tool): '\(name).\(Sanitize.line(key, limit: 40))' must be a string")
                }
            }
            return pairs
        default: throw ToolError("\(tool): '\(name)' must be an object of field names to values, e.g. {\"status\": \"dead\"}")
        }
    }
}
