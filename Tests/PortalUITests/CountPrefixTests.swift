import PortalUI
import Testing

@Suite("Count prefix: digits, then G")
struct CountPrefixTests {
    /// Feeds `keys` typed as text (each character one key) and returns every outcome.
    static func feed(_ text: String, into prefix: inout CountPrefix) -> [CountPrefix.Outcome] {
        text.map { prefix.feed(.character($0)) }
    }

    @Test func digitsThenGJumpToThatItem() {
        var prefix = CountPrefix()
        #expect(Self.feed("500000G", into: &prefix) == [
            .pending(5), .pending(50), .pending(500), .pending(5000), .pending(50000), .pending(500000),
            .jump(toItem: 500000),
        ])
        #expect(prefix.pending == nil)
        // The count is used up: a G on its own is the plain G again.
        #expect(prefix.feed(.character("G")) == .notACount)
    }

    @Test func aLoneZeroIsNotACountButZeroesInsideOneAre() {
        var prefix = CountPrefix()
        #expect(prefix.feed(.character("0")) == .notACount)
        #expect(Self.feed("10G", into: &prefix) == [.pending(1), .pending(10), .jump(toItem: 10)])
    }

    @Test(arguments: [KeyInput.character("j"), .character("g"), .down, .end, .escape, .enter, .character("/"), .control("d")])
    func anyOtherKeyCancelsAndThenActsAsUsual(key: KeyInput) {
        var prefix = CountPrefix()
        _ = Self.feed("12", into: &prefix)
        #expect(prefix.feed(key) == .cancel)
        #expect(prefix.pending == nil)
        #expect(prefix.feed(key) == .notACount)
    }

    @Test func keysWithoutACountPassThrough() {
        var prefix = CountPrefix()
        for key in [KeyInput.character("G"), .character("q"), .up, .pageDown, .character("٣")] {
            #expect(prefix.feed(key) == .notACount)
        }
        // A digit of another script does not start or extend a count.
        _ = prefix.feed(.character("4"))
        #expect(prefix.feed(.character("٣")) == .cancel)
    }

    @Test func aFortyDigitCountClampsInsteadOfOverflowing() {
        var prefix = CountPrefix()
        let outcomes = Self.feed(String(repeating: "9", count: 40) + "G", into: &prefix)
        #expect(outcomes[11] == .pending(999_999_999_999))
        #expect(outcomes[39] == .pending(CountPrefix.maximum))
        #expect(outcomes.last == .jump(toItem: CountPrefix.maximum))
        var again = CountPrefix()
        #expect(Self.feed("1" + String(repeating: "0", count: 30), into: &again).last == .pending(CountPrefix.maximum))
    }

    @Test func clearDropsAPendingCount() {
        var prefix = CountPrefix()
        _ = prefix.feed(.character("7"))
        prefix.clear()
        #expect(prefix.pending == nil && prefix.feed(.character("G")) == .notACount)
    }
}
