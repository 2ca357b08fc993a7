import Testing

/// Waits (in 10 ms steps, up to 10 s) for `condition`; records an issue when it never holds.
func eventually(_ condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    for _ in 0..<1000 {
        if condition() { return }
        try await Task.sleep(for: .milliseconds(10))
    }
    Issue.record("the condition never held", sourceLocation: sourceLocation)
}
