import PortalCore

/// The `f` form: one field per server-side filter of the active tab. Fields with a few
/// known values (status, gender) cycle through them with ←/→ ("any" first); the others
/// take free text. Nothing reaches the server until Enter applies the form. Keys reach it
/// through `update` (`TextPrompt`); the root starts the list over on `.applied` when the
/// values change the query.
public struct FilterForm: Sendable, Equatable {
    /// What a command did to the form.
    public enum Outcome: Sendable, Equatable {
        case editing
        /// Apply these values (by filter key; "" means not set).
        case applied([String: String])
        case cancelled
    }

    public private(set) var isActive = false
    public private(set) var fields: [FilterSpec] = []
    public private(set) var values: [String] = []
    /// The field with the cursor.
    public private(set) var focus = 0
    /// The tab's title, for the form's frame.
    public private(set) var title = ""

    public init() {}

    /// Opens the form for `spec`'s filters, filled with `query`'s current values.
    public mutating func begin(_ spec: TabSpec, query: ListQuery) {
        isActive = !spec.filters.isEmpty
        title = spec.title
        fields = spec.filters
        values = spec.filters.map { query.value($0.key) }
        focus = 0
    }

    public mutating func type(_ c: Swift.Character) {
        guard isActive, focus < fields.count, fields[focus].choices == nil else { return }
        TypedText.append(c, to: &values[focus])
    }

    public mutating func perform(_ command: Command) -> Outcome {
        guard isActive, !fields.isEmpty else { return .editing }
        switch command {
        case .nextField: focus = (focus + 1) % fields.count
        case .previousField: focus = (focus + fields.count - 1) % fields.count
        case .nextChoice: cycle(by: 1)
        case .previousChoice: cycle(by: -1)
        case .deleteCharacter:
            if fields[focus].choices != nil { values[focus] = "" } else if !values[focus].isEmpty { values[focus].removeLast() }
        case .clearText: values[focus] = ""
        case .clearFilters:
            values = values.map { _ in "" }
            return submit()
        case .submit: return submit()
        case .cancel:
            isActive = false
            return .cancelled
        default: break
        }
        return .editing
    }

    /// What the field at `index` shows: its value, or "any" when unset.
    public func display(_ index: Int) -> String {
        values[index].isEmpty ? "any" : values[index]
    }

    private mutating func submit() -> Outcome {
        isActive = false
        var out: [String: String] = [:]
        for (field, value) in zip(fields, values) { out[field.key] = value.trimmingSpaces() }
        return .applied(out)
    }

    /// ←/→ on a field with choices: "any", then each choice, wrapping.
    private mutating func cycle(by step: Int) {
        guard let choices = fields[focus].choices, !choices.isEmpty else { return }
        let options = [""] + choices
        let current = options.firstIndex(of: values[focus]) ?? 0
        values[focus] = options[(current + step + options.count) % options.count]
    }
}
