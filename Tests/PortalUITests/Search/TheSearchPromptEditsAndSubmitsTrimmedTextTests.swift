import PortalCore
@testable import PortalUI
import Testing

/// The `/` prompt's own update: typed text, the editing keys, and the outcome the root
/// acts on (a submitted text starts the list over; nothing else asks for anything).
struct TheSearchPromptEditsAndSubmitsTrimmedTextTests {
    static func typed(_ text: String) -> SearchPrompt {
        var prompt = SearchPrompt()
        prompt.begin()
        for c in text { #expect(prompt.update(.typeText, key: .character(c)) == .editing) }
        return prompt
    }

    @Test func typedCharactersAreTheTextAndEnterSubmitsItTrimmed() {
        var prompt = Self.typed("  rick ")
        #expect(prompt.text == "  rick ")
        #expect(prompt.update(.submit, key: .enter) == .submitted("rick"))
        #expect(!prompt.isActive)
    }

    @Test func backspaceAndCtrlUEditWithoutSubmitting() {
        var prompt = Self.typed("morty")
        #expect(prompt.update(.deleteCharacter, key: .backspace) == .editing)
        #expect(prompt.text == "mort")
        #expect(prompt.update(.clearText, key: .control("u")) == .editing)
        #expect(prompt.text.isEmpty && prompt.isActive)
    }

    @Test func escCancelsAndClosesThePrompt() {
        var prompt = Self.typed("x")
        #expect(prompt.update(.cancel, key: .escape) == .cancelled)
        #expect(!prompt.isActive)
    }

    @Test func aControlCharacterTypedIsRefused() {
        var prompt = Self.typed("a")
        _ = prompt.update(.typeText, key: .character("\u{1b}"))
        #expect(prompt.text == "a")
    }
}
