import PortalCore
import TOMLKit

extension ListSpecReader {
    /// One of a list's `filters`: the values it takes (`["active", "away"]`; `[]` for any
    /// text), or a table saying them with the form's label and a text field's example
    /// (`{ values = [], label = "Code", example = "S03" }`).
    func filter(_ name: String, _ value: TOMLValueConvertible?, at: [String]) throws(ConfigError) -> SpecFilter {
        let message = "filters.\(name) is the array of values it takes ([] for any text) or { values, label, example }"
        if let array = value?.array { return SpecFilter(parameter: name, values: try values(array, message: message, at: at)) }
        guard let table = value?.table else { throw reader.error(message, at: at) }
        for key in table.keys where !["values", "label", "example"].contains(key) {
            throw reader.error("unknown key \(key) in filters.\(name) (known: values, label, example)", at: at + [key])
        }
        var values: [String] = []
        if let given = table["values"] {
            guard let array = given.array else { throw reader.error(message, at: at + ["values"]) }
            values = try self.values(array, message: message, at: at + ["values"])
        }
        return SpecFilter(parameter: name, values: values, label: try string(table, "label", at: at), example: try string(table, "example", at: at))
    }

    private func values(_ array: TOMLArray, message: String, at: [String]) throws(ConfigError) -> [String] {
        var values: [String] = []
        for element in array {
            guard let text = element.string else { throw reader.error(message, at: at) }
            values.append(text)
        }
        return values
    }
}
