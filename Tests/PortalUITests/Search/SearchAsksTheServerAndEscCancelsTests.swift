import PortalCore
import PortalTestSupport
import PortalUI
import Testing

@MainActor
@Suite("Search")
struct SearchAsksTheServerAndEscCancelsTests {
    @Test func searchResetsToAServerFilter() async {
        let h = Harness(size: Size(columns: 100, rows: 30))
        await h.runner.drain(into: h.controller)
        // Bring a page of the full list in flight, then search.
        while h.runner.isEmpty { h.press(.pageDown) }
        h.press(.character("/"))
        #expect(h.controller.search.isActive)
        h.type("ricx")
        h.press(.backspace)
        h.type("k")
        #expect(h.screen().text.contains("search name: rick"))
        h.press(.enter)
        #expect(h.controller.tab.searchText == "rick")
        #expect(h.controller.list.count == 0)
        // The old generation's page arrives first and is ignored.
        await h.runner.runNext(into: h.controller)
        #expect(h.controller.list.count == 0)
        await h.runner.drain(into: h.controller)
        let names = h.controller.listView.loadedItems.compactMap(\.character?.name)
        #expect(!names.isEmpty)
        #expect(names.allSatisfy { $0.lowercased().contains("rick") })
        #expect(h.transport.urls.contains { $0.contains("name=rick") })
        #expect(h.screen().text.contains("name “rick”"))
    }

    /// A paste of any size: the text stops at `TypedText.maxBytes`, the prompt shows its
    /// end with the cursor, and the filter form does the same for its focused field.
    @Test func aHugePasteIsBoundedAndItsEndStaysInView() async {
        let h = Harness(size: Size(columns: 60, rows: 20))
        await h.runner.drain(into: h.controller)
        h.press(.character("/"))
        h.type(String(repeating: "ab", count: 5_000) + "END")
        #expect(h.controller.search.text.utf8.count == 1024)
        h.press(.backspace, .backspace, .backspace)
        h.type("END")
        let prompt = h.screen().lines[19]
        #expect(prompt.hasPrefix("search name: ") && prompt.contains("babaEND█"), "\(prompt)")
        h.press(.escape, .character("f"), .down, .down)
        #expect(h.controller.form.fields[h.controller.form.focus].key == "species")
        h.type(String(repeating: "é", count: 3_000) + "Z")
        #expect(h.controller.form.values[2].utf8.count == 1024 && h.controller.form.values[2].hasSuffix("é"))
        h.press(.backspace)
        h.type("Z")
        #expect(h.screen().text.contains("ééZ█"), "\(h.screen().text)")
    }

    @Test func emptyResultSaysSo() async {
        let h = Harness(size: Size(columns: 100, rows: 30))
        await h.runner.drain(into: h.controller)
        await h.search("zzzz")
        #expect(h.controller.list.count == 0)
        #expect(h.screen().text.contains("no characters match name “zzzz”"))
    }

    @Test func emptyQueryRestoresTheFullList() async {
        let h = Harness(size: Size(columns: 100, rows: 30))
        await h.runner.drain(into: h.controller)
        await h.search("morty")
        h.press(.character("/"), .enter)
        await h.runner.drain(into: h.controller)
        #expect(h.controller.tab.searchText == "")
        #expect(h.controller.list.totalCount == 826)
        #expect(h.controller.listView.loadedItems.first?.character?.name == "Rick Sanchez")
    }

    @Test func escapeCancels() async {
        let h = Harness(size: Size(columns: 100, rows: 30))
        await h.runner.drain(into: h.controller)
        let requests = h.transport.count
        h.press(.character("/"))
        h.type("q")  // typed, not quit
        #expect(!h.send(.key(.escape)).contains(.quit))
        #expect(!h.controller.search.isActive)
        #expect(h.transport.count == requests)
        #expect(h.runner.isEmpty)
    }
}
