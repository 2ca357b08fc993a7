import Foundation
@testable import PortalConfig
import Testing

/// A config of 2,000 APIs reads as one of three does: every API in the file's order, each
/// list in its order, and an error in the last table still reported at its own line. (Each
/// key's line was found by rescanning the file: 2,000 APIs took 113 s; the time is in
/// docs/benchmarks.md, never a threshold here.)
@Suite("A config of many APIs")
struct AConfigOfTwoThousandAPIsReadsInOrderTests {
    static func text(count: Int, lastLine: String = "") -> String {
        var text = "# many saved APIs\n"
        // Names out of TOML's sorted order, so the file's order must be found.
        for index in (0..<count).reversed() {
            text += """
                [apis.api\(index)]
                url = "https://host\(index).example.com/v1"
                headers = { Accept = "application/json" }
                auth = { bearer = "env:TOKEN_\(index)" }
                lists = { zeta = "/z", alpha = "/a" }

                """
        }
        return text + lastLine
    }

    @Test func twoThousandAPIsReadInTheFilesOrder() throws {
        let config = try ConfigFile.parse(Self.text(count: 2000), path: "many.toml", othersCanRead: true)
        #expect(config.apis.count == 2000)
        #expect(config.apis.map(\.name) == (0..<2000).reversed().map { "api\($0)" })
        #expect(config.apis.allSatisfy { $0.lists.map(\.name) == ["zeta", "alpha"] })
        #expect(config.api(named: "api7")?.auth == .bearer(.environment("TOKEN_7")))
        #expect(config.api(named: "api1999")?.url == "https://host1999.example.com/v1")
    }

    @Test func anErrorAfterTwoThousandAPIsNamesItsLine() {
        let text = Self.text(count: 2000, lastLine: "[apis.last]\nurl = \"http://x\"\nbogus = 1\n")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        let error = #expect(throws: ConfigError.self) { try ConfigFile.parse(text, path: "many.toml", othersCanRead: true) }
        #expect(error?.line == lines - 1)
        #expect(error?.message.contains("bogus") == true)
    }
}

/// The work behind finding keys' lines: the text is read once, whatever the number of keys
/// looked up (each lookup rescanned it from the top, so 2,000 APIs read it 2,000 times).
@Suite("Finding a key's line")
struct ConfigKeyLineTests {
    @Test func orderingManyAPIsReadsEachLineOnce() {
        let text = AConfigOfTwoThousandAPIsReadsInOrderTests.text(count: 300)
        let lineCount = text.split(separator: "\n", omittingEmptySubsequences: false).count
        let reader = ConfigReader(text: text, path: "many.toml", othersCanRead: false)
        let names = (0..<300).map { "api\($0)" }
        #expect(reader.inFileOrder(names, under: ["apis"]) == names.reversed())
        for name in names { _ = reader.inFileOrder(["zeta", "alpha"], under: ["apis", name, "lists"]) }
        #expect(reader.linesExamined <= lineCount)
    }

    @Test func linesAreFoundAsBefore() {
        let text = """
            [apis.a]
            url = "http://x"  # a = 1
            "quoted key" = 2
            lists = { b = "/b", 'c' = "/c" }
            [apis.a.lists.d]
            path = "/d"
            """
        let reader = ConfigReader(text: text, path: "c.toml", othersCanRead: false)
        #expect(reader.line(of: ["apis", "a"]) == 1)
        #expect(reader.line(of: ["apis", "a", "url"]) == 2)
        #expect(reader.line(of: ["apis", "a", "quoted key"]) == 3)
        #expect(reader.line(of: ["apis", "a", "lists", "c"]) == 4)
        #expect(reader.line(of: ["apis", "a", "lists", "d", "path"]) == 6)
        #expect(reader.inFileOrder(["d", "c", "b"], under: ["apis", "a", "lists"]) == ["b", "c", "d"])
    }
}
