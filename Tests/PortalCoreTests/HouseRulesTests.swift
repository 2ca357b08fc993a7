import Foundation
import Testing

/// The house rules of issue 24 that a reader of Sources/ checks by eye, checked on every
/// file so they stay true (the force unwraps and semaphores are `SourceRulesTests`'):
/// - no Sources/ file over 300 lines (split by job);
/// - `@unchecked Sendable` and `nonisolated(unsafe)` only with a comment on the line or
///   the line before, saying why it is safe;
/// - no thread parked on a blocking wait (`.wait()` that is not awaited, `DispatchGroup`'s
///   or a semaphore's): the browser's threads await. Checked in all of Sources/, not only on
///   the main path: no target needs one, and "which thread runs this" cannot be read from
///   the text without false alarms.
///
/// Each rule is tried on a folder of bad files first, so a checker that sees nothing fails.
@Suite struct HouseRulesTests {
    static let maxLines = 300

    /// The rules broken in the Swift files under `folder`, one line each (`path:line: rule`).
    static func breaches(under folder: URL) throws -> [String] {
        let walker = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
        var found: [String] = []
        for case let file as URL in walker where file.pathExtension == "swift" {
            let name = file.path.replacingOccurrences(of: folder.path + "/", with: "")
            found += breaches(in: try String(contentsOf: file, encoding: .utf8)).map { "\(name):\($0)" }
        }
        return found.sorted()
    }

    /// The rules broken in one file's text, as `line: rule`.
    static func breaches(in text: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let count = lines.last?.isEmpty == true ? lines.count - 1 : lines.count
        var found: [String] = []
        if count > maxLines { found.append("\(count): more than \(maxLines) lines") }
        let code = SwiftCode.withoutCommentsAndStrings(text).split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in code.enumerated() {
            if line.contains("@unchecked Sendable") || line.contains("nonisolated(unsafe)"),
               !hasComment(lines[index]), index == 0 || !isComment(lines[index - 1]) {
                found.append("\(index + 1): unchecked concurrency without a comment saying why it is safe")
            }
            if isBlockingWait(line) { found.append("\(index + 1): a blocking wait") }
        }
        return found
    }

    /// A line that holds a comment after its code (`// …` or `/* … */` outside a string:
    /// an even number of quotes before it).
    static func hasComment(_ line: Substring) -> Bool {
        guard let start = line.range(of: "//")?.lowerBound ?? line.range(of: "/*")?.lowerBound else { return false }
        return line[..<start].filter { $0 == "\"" }.count.isMultiple(of: 2)
    }

    /// A line that is only a comment (`//`, `///`, a block comment's lines).
    static func isComment(_ line: Substring) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        return trimmed.hasPrefix("//") || trimmed.hasPrefix("/*") || trimmed.hasPrefix("*") || trimmed.hasSuffix("*/")
    }

    /// A line of code (comments and strings blanked) that parks its thread: a semaphore or a
    /// group, or a `.wait()` / `.wait(timeout:` that is not awaited (a function of our own
    /// named `wait` with other arguments is no wait: `RetryAfter.wait(_:cap:)`).
    static func isBlockingWait(_ line: Substring) -> Bool {
        if line.contains("DispatchSemaphore") || line.contains("DispatchGroup") { return true }
        for call in [".wait()", ".wait(timeout:", ".wait(wallTimeout:"] {
            if let wait = line.range(of: call), !line[..<wait.lowerBound].contains("await ") { return true }
        }
        return false
    }

    @Test func sourcesKeepTheHouseRules() throws {
        let sources = SourceRulesTests.sources
        #expect(try SourceRulesTests.swiftFiles().count > 100)
        let found = try Self.breaches(under: sources)
        #expect(found.isEmpty, "house rules broken: \(found)")
    }

    @Test func theRulesCatchBadFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "house-rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let long = (1...301).map { "let v\($0) = \($0)" }.joined(separator: "\n") + "\n"
        let exactly300 = (1...300).map { "let v\($0) = \($0)" }.joined(separator: "\n") + "\n"
        let unsafe = """
            final class Box: @unchecked Sendable {}
            nonisolated(unsafe) var counter = 0
            // Safe: written once, before any task starts.
            nonisolated(unsafe) var told = 0
            final class Told: @unchecked Sendable {} // Safe: immutable after init.
            let text = "final class Quoted: @unchecked Sendable {}"

            """
        let waits = """
            let s = DispatchSemaphore(value: 0)
            group.wait()
            try await mirror.wait()
            _ = result.wait(timeout: .now() + 1)
            // a comment may say .wait() freely
            let seconds = RetryAfter.wait(retry, cap: .seconds(5))

            """
        for (name, text) in [("Long.swift", long), ("Fine.swift", exactly300), ("Unsafe.swift", unsafe), ("Waits.swift", waits)] {
            try Data(text.utf8).write(to: folder.appending(path: name))
        }
        #expect(try Self.breaches(under: folder) == [
            "Long.swift:301: more than 300 lines",
            "Unsafe.swift:1: unchecked concurrency without a comment saying why it is safe",
            "Unsafe.swift:2: unchecked concurrency without a comment saying why it is safe",
            "Waits.swift:1: a blocking wait",
            "Waits.swift:2: a blocking wait",
            "Waits.swift:4: a blocking wait",
        ])
    }
}
