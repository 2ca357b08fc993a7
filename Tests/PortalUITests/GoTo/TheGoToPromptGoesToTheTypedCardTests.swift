import PortalCore
@testable import PortalUI
import Testing

/// The `:` prompt's own update: only digits and separators get in, Enter reports the card
/// number for the root to select, Enter on nothing and Esc go nowhere.
struct TheGoToPromptGoesToTheTypedCardTests {
    static func typed(_ text: String) -> GoToPrompt {
        var prompt = GoToPrompt()
        prompt.begin()
        for c in text { #expect(prompt.update(.typeText, key: .character(c)) == .editing) }
        return prompt
    }

    @Test func digitsWithSeparatorsGoToThatCard() {
        var prompt = Self.typed("1,2a_3")
        #expect(prompt.text == "1,2_3")
        #expect(prompt.update(.submit, key: .enter) == .go(123))
        #expect(!prompt.isActive)
    }

    @Test func enterOnAnEmptyPromptIsCancelled() {
        var prompt = Self.typed("")
        #expect(prompt.update(.submit, key: .enter) == .cancelled)
    }

    @Test func escCancelsWhateverWasTyped() {
        var prompt = Self.typed("42")
        #expect(prompt.update(.cancel, key: .escape) == .cancelled)
        #expect(!prompt.isActive)
    }

    @Test func aHugeNumberIsCappedAtTheMaximum() {
        var prompt = Self.typed(String(repeating: "9", count: 30))
        #expect(prompt.update(.submit, key: .enter) == .go(GoToPrompt.maximum))
    }
}
