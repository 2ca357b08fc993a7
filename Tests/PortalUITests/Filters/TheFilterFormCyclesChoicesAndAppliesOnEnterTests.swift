import PortalCore
@testable import PortalUI
import Testing

/// The `f` form's own update: fields with choices cycle, free fields take text, Enter
/// reports every field's value for the root to start the list over with; Esc reports
/// nothing to apply.
struct TheFilterFormCyclesChoicesAndAppliesOnEnterTests {
    static let spec = TabSpec(kind: .character, title: "Characters", filters: [
        FilterSpec(key: "status", label: "Status", choices: ["alive", "dead"]),
        FilterSpec(key: "species", label: "Species"),
    ])

    static func opened() -> FilterForm {
        var form = FilterForm()
        form.begin(spec, query: ListQuery(kind: .character))
        return form
    }

    @Test func choicesCycleAndTextIsTypedThenEnterAppliesBoth() {
        var form = Self.opened()
        #expect(form.update(.nextChoice, key: .right) == .editing)
        #expect(form.display(0) == "alive")
        #expect(form.update(.nextField, key: .tab) == .editing)
        for c in "Human " { _ = form.update(.typeText, key: .character(c)) }
        #expect(form.update(.submit, key: .enter) == .applied(["status": "alive", "species": "Human"]))
        #expect(!form.isActive)
    }

    @Test func typingIntoAChoiceFieldChangesNothing() {
        var form = Self.opened()
        _ = form.update(.typeText, key: .character("x"))
        #expect(form.values == ["", ""])
    }

    @Test func escCancelsWithoutApplying() {
        var form = Self.opened()
        _ = form.update(.nextChoice, key: .right)
        #expect(form.update(.cancel, key: .escape) == .cancelled)
        #expect(!form.isActive)
    }

    @Test func clearFiltersAppliesEveryFieldEmpty() {
        var form = FilterForm()
        var query = ListQuery(kind: .character)
        query.set("status", "dead")
        form.begin(Self.spec, query: query)
        #expect(form.update(.clearFilters, key: .character("x")) == .applied(["status": "", "species": ""]))
    }
}
