import Foundation
import Testing

/// The rules of a screen of small models (issue 34, item 3), checked on Sources/PortalUI:
/// - no thread of its own and no main-queue job: no `Thread.detachNewThread`, `Thread(`,
///   `Task.detached`, `DispatchQueue.main.async` or `DispatchQueue.global` — work off the
///   UI thread is an effect, its answer a message;
/// - one door into the update: nothing in PortalUI returns effects to its caller from a
///   public function but `update` (no `tick()`, no callback that feeds state);
/// - page fetches are decided in the one planning step: a fetch effect is made only where
///   the plan is committed (`ScreenController+Plan.swift`) and where a pane turns a need
///   the plan named into its request (Detail/);
/// - the root routes and composes: `Controller/ScreenController.swift` ≤ 150 lines.
///
/// Each rule is tried on bad text first, so a checker that sees nothing fails.
@Suite struct ScreenOfSmallModelsRulesTests {
    static let sources = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appending(path: "Sources/PortalUI")

    static let forbidden = ["Thread.detachNewThread", "Thread(", "Task.detached", "DispatchQueue.main.async", "DispatchQueue.global"]
    static let fetches = [".fetchPage(", ".fetchItems(", ".fetchLink(", ".fetchPicture("]
    /// Where fetch effects may be made (paths under Sources/PortalUI).
    static let fetchMakers: Set = ["Controller/ScreenController+Plan.swift", "Detail/DetailPane+Requests.swift",
                                   "Detail/RelatedPages.swift", "Detail/PaneList.swift"]

    /// The rules broken in one file's text (`path` under Sources/PortalUI), as `line: rule`.
    static func breaches(in text: String, path: String) -> [String] {
        var found: [String] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let code = line.trimmingCharacters(in: .whitespaces)
            guard !code.hasPrefix("//") else { continue }
            for word in forbidden where code.contains(word) { found.append("\(number + 1): \(word)") }
            if !fetchMakers.contains(path) { for word in fetches where code.contains(word) { found.append("\(number + 1): \(word) outside the plan") } }
            if code.contains("public func"), code.contains("-> [Effect]"), !code.contains("func update(") {
                found.append("\(number + 1): a second door into the update")
            }
        }
        return found
    }

    static func files() throws -> [(path: String, text: String)] {
        let walker = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var files: [(String, String)] = []
        for case let file as URL in walker where file.pathExtension == "swift" {
            files.append((file.path.replacingOccurrences(of: sources.path + "/", with: ""), try String(contentsOf: file, encoding: .utf8)))
        }
        return files
    }

    @Test func portalUIKeepsTheRules() throws {
        let files = try Self.files()
        #expect(files.count > 100)
        let found = files.flatMap { file in Self.breaches(in: file.text, path: file.path).map { "\(file.path):\($0)" } }
        #expect(found.isEmpty, "\(found)")
    }

    @Test func theRootFileRoutesAndComposesInAtMost150Lines() throws {
        let root = try #require(try Self.files().first { $0.path == "Controller/ScreenController.swift" })
        #expect(root.text.split(separator: "\n", omittingEmptySubsequences: false).count <= 151)
    }

    @Test func theRulesCatchBadText() {
        let bad = """
        Thread.detachNewThread { run() }
        DispatchQueue.main.async { self.done() }
        Task.detached { await work() }
        public func tick() -> [Effect] { [] }
        return .fetchPage(address, ticket, query, .nearby)
        // DispatchQueue.main.async in a comment is fine
        """
        let found = Self.breaches(in: bad, path: "Watch/ListWatch.swift")
        #expect(found == ["1: Thread.detachNewThread", "2: DispatchQueue.main.async", "3: Task.detached",
                          "4: a second door into the update", "5: .fetchPage( outside the plan"])
        #expect(Self.breaches(in: "return .fetchPage(a, t, q, .nearby)", path: "Controller/ScreenController+Plan.swift").isEmpty)
        #expect(Self.breaches(in: "public func update(_ events: [AppEvent]) -> [Effect] {", path: "Controller/ScreenController.swift").isEmpty)
    }
}
