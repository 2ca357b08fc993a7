/// A prompt on the bottom line that takes typed text (the search, go-to and filter form):
/// its own update takes a command of its context — typed text goes to `type`, the editing
/// keys to `perform` — and reports an outcome the root maps.
protocol TextPrompt {
    associatedtype Outcome
    /// The outcome of a key that only edits.
    static var editing: Outcome { get }
    mutating func type(_ c: Character)
    mutating func perform(_ command: Command) -> Outcome
}

extension TextPrompt {
    /// One command of the prompt's context (`key` carries the typed character).
    mutating func update(_ command: Command, key: KeyInput) -> Outcome {
        guard command == .typeText, case .character(let c) = key else { return perform(command) }
        type(c)
        return Self.editing
    }
}

extension SearchPrompt: TextPrompt {
    static var editing: Outcome { .editing }
}

extension GoToPrompt: TextPrompt {
    static var editing: Outcome { .editing }
}

extension FilterForm: TextPrompt {
    static var editing: Outcome { .editing }
}
