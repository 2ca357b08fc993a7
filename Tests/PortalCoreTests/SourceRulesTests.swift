import Foundation
import Testing

/// Rules of the house that a reader of Sources/ can check by eye, checked here so they
/// stay true: no force unwrap (`x!`, `try!`, `as!`) anywhere in Sources/, and no thread
/// parked on a semaphore (the browser's main thread awaits its sign-in and first answer).
@Suite struct SourceRulesTests {
    static let sources = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "Sources")

    static func swiftFiles() throws -> [URL] {
        let walker = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
    }

    @Test func noForceUnwrapInSources() throws {
        let files = try Self.swiftFiles()
        #expect(files.count > 100)
        var found: [String] = []
        for file in files {
            let code = SwiftCode.withoutCommentsAndStrings(try String(contentsOf: file, encoding: .utf8))
            for (number, line) in code.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where SwiftCode.hasForceUnwrap(line) {
                found.append("\(file.path.replacingOccurrences(of: Self.sources.path + "/", with: "")):\(number + 1)")
            }
        }
        #expect(found.isEmpty, "force unwraps: \(found)")
    }

    /// The rules here and in `HouseRulesTests` walk all of Sources/, so a target split out
    /// of PortalCore (PortalJSON, PortalAuth, PortalGraphQL, PortalExport, …) is read as
    /// its files were before: every target folder holding Swift files is among those read.
    @Test func theRulesReadEveryTarget() throws {
        let read = Set(try Self.swiftFiles().map { String($0.path.replacingOccurrences(of: Self.sources.path + "/", with: "").split(separator: "/")[0]) })
        let targets = try FileManager.default.contentsOfDirectory(atPath: Self.sources.path).filter { name in
            let walker = FileManager.default.enumerator(atPath: Self.sources.appending(path: name).path)
            return walker?.contains { ($0 as? String)?.hasSuffix(".swift") == true } == true
        }
        #expect(Set(targets) == read)
        for target in ["PortalCore", "PortalJSON", "PortalAuth", "PortalGraphQL", "PortalExport", "PortalPresets", "PortalPaging"] { #expect(read.contains(target), "\(target)") }
    }

    @Test func noSemaphoreInSources() throws {
        var found: [String] = []
        for file in try Self.swiftFiles() {
            let code = SwiftCode.withoutCommentsAndStrings(try String(contentsOf: file, encoding: .utf8))
            if code.contains("DispatchSemaphore") { found.append(file.lastPathComponent) }
        }
        #expect(found.isEmpty, "semaphores: \(found)")
    }

    @Test func theCheckerSeesWhatItShould() {
        let code = SwiftCode.withoutCommentsAndStrings(#"""
            let a = b! // c!
            let s = "d!" + "\(e["f"]!)"
            /* g! */ if x != y, !z { }
            let r = #"h!"#
            """#)
        let flagged = code.split(separator: "\n").map { SwiftCode.hasForceUnwrap($0) }
        #expect(flagged == [true, true, false, false])
        #expect(SwiftCode.hasForceUnwrap("let t = try! f()") && SwiftCode.hasForceUnwrap("let u = v as! W"))
        #expect(!SwiftCode.hasForceUnwrap("if !done, a != b { }"))
    }
}

/// Just enough of Swift's lexical structure to look at code only.
enum SwiftCode {
    /// `text` with comments and string contents blanked (line breaks kept); the code
    /// inside a string's `\( … )` is kept.
    static func withoutCommentsAndStrings(_ text: String) -> String {
        let chars = Array(text)
        var out: [Character] = []
        out.reserveCapacity(chars.count)
        var i = 0
        // Each open string: its closing delimiter's hashes, whether it is multi-line, and
        // the parenthesis depth of the interpolation we are in (nil: in the string's text).
        var strings: [(hashes: Int, multiline: Bool, depth: Int?)] = []
        func blank(_ c: Character) { out.append(c == "\n" ? "\n" : " ") }
        // Compared in place, never copied: this runs over every character of Sources/ (a
        // copy per comparison made the rules' tests take minutes of a test thread).
        func starts(_ pattern: [Character], at index: Int) -> Bool {
            guard index + pattern.count <= chars.count else { return false }
            for offset in pattern.indices where chars[index + offset] != pattern[offset] { return false }
            return true
        }
        let lineComment: [Character] = ["/", "/"], blockOpen: [Character] = ["/", "*"], blockClose: [Character] = ["*", "/"]
        let tripleQuote: [Character] = ["\"", "\"", "\""]
        while i < chars.count {
            let c = chars[i]
            if let top = strings.last, top.depth == nil {
                // In a string's text.
                if c == "\"", case let closing = (top.multiline ? tripleQuote : ["\""]) + Array(repeating: "#", count: top.hashes),
                   starts(closing, at: i) {
                    for _ in 0..<closing.count { out.append(" ") }
                    i += closing.count
                    strings.removeLast()
                } else if c == "\\", starts(["\\"] + Array(repeating: "#", count: top.hashes) + ["("], at: i) {
                    let length = top.hashes + 2
                    for _ in 0..<length { out.append(" ") }
                    i += length
                    strings[strings.count - 1].depth = 0
                } else if c == "\\", top.hashes == 0, i + 1 < chars.count {
                    blank(c)
                    blank(chars[i + 1])
                    i += 2
                } else {
                    blank(c)
                    i += 1
                }
                continue
            }
            if c == "/", starts(lineComment, at: i) {
                while i < chars.count, chars[i] != "\n" { out.append(" "); i += 1 }
                continue
            }
            if c == "/", starts(blockOpen, at: i) {
                while i < chars.count, !starts(blockClose, at: i) { blank(chars[i]); i += 1 }
                out.append(contentsOf: "  ")
                i += 2
                continue
            }
            var hashes = 0
            while i + hashes < chars.count, chars[i + hashes] == "#" { hashes += 1 }
            if i + hashes < chars.count, chars[i + hashes] == "\"" {
                let multiline = starts(tripleQuote, at: i + hashes)
                let length = hashes + (multiline ? 3 : 1)
                for _ in 0..<length { out.append(" ") }
                i += length
                strings.append((hashes, multiline, nil))
                continue
            }
            if !strings.isEmpty, let depth = strings[strings.count - 1].depth {
                if c == "(" { strings[strings.count - 1].depth = depth + 1 }
                if c == ")" {
                    if depth == 0 {
                        strings[strings.count - 1].depth = nil
                        out.append(" ")
                        i += 1
                        continue
                    }
                    strings[strings.count - 1].depth = depth - 1
                }
            }
            out.append(c)
            i += 1
        }
        return String(out)
    }

    /// Whether a line of code (comments and strings blanked) force-unwraps: `try!`, `as!`,
    /// or a postfix `!` (after a name or a closing bracket, not the start of `!=`).
    static func hasForceUnwrap(_ line: Substring) -> Bool {
        let chars = Array(line)
        for (index, c) in chars.enumerated() where c == "!" && index > 0 {
            let before = chars[index - 1]
            let after: Character? = index + 1 < chars.count ? chars[index + 1] : nil
            guard before.isLetter || before.isNumber || before == "_" || before == ")" || before == "]" || before == "}" else { continue }
            if after != "=" { return true }
        }
        return false
    }

    static func hasForceUnwrap(_ line: String) -> Bool { hasForceUnwrap(Substring(line)) }
}
