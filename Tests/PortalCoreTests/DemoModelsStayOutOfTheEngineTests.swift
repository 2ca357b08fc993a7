import Foundation
import Testing

/// Issue 34: no per-API Swift type in the engine, and JSON read one way.
/// - The demo APIs' typed models (`Character`, `Episode`, `PokemonRecord`, …) and their byte
///   reader live in PortalDemoModels, which only the emulated servers, the mirror, the bench
///   and the tests name. No other target of Package.swift depends on it, directly or through
///   another target, but through PortalServers (the offline snapshot answers as the mirror
///   does, through the servers), and no file of theirs imports it.
/// - PortalJSON has one reader, its scanner (`JSONNode`, `JSONEnvelope`): no `JSONReader`
///   or `APIDecodable` is declared or named in its code.
///
/// Each rule is tried on bad text first, so a checker that sees nothing fails.
@Suite struct DemoModelsStayOutOfTheEngineTests {
    static let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let demo = "PortalDemoModels"
    /// The targets that may name the demo models: its users, and the tests.
    static let demoUsers: Set = ["PortalDemoModels", "PortalServers", "PortalMirror", "portal-mirror", "portal-bench", "PortalTestSupport"]
    /// Reached only through it (`--data`: the snapshot answers through the emulated servers).
    static let through = "PortalServers"
    /// The engine targets issue 34 names; every other non-test target is held to the rule too.
    static let named = ["PortalCore", "PortalPaging", "PortalPresets", "PortalSources", "PortalUI", "PortalCache", "PortalExport",
                        "PortalMCP", "PortalGraphQL", "PortalOpenAPI", "PortalAuth", "portal", "PortalJSON"]

    /// Each target of a manifest and the targets its `dependencies:` names (products left out).
    static func dependencies(inManifest text: String) -> [String: (test: Bool, on: [String])] {
        let code = text.split(separator: "\n").map { line in line.range(of: "//").map { line[..<$0.lowerBound] } ?? line }.joined(separator: "\n")
        let declaration = /\.(target|executableTarget|testTarget)\(\s*name:\s*"([^"]+)"/
        let found = code.matches(of: declaration)
        var targets: [String: (test: Bool, on: [String])] = [:]
        for (index, match) in found.enumerated() {
            let end = index + 1 < found.count ? found[index + 1].range.lowerBound : code.endIndex
            var on: [String] = []
            if let list = code[match.range.upperBound..<end].range(of: "dependencies:") {
                var depth = 0
                var inside = ""
                for ch in code[list.upperBound..<end] {
                    if ch == "[" { depth += 1; if depth == 1 { continue } }
                    if ch == "]" { depth -= 1; if depth == 0 { break } }
                    if depth > 0 { inside.append(ch) }
                }
                let targetsNamed = inside.replacing(/\.product\([^)]*\)/, with: "")
                on = targetsNamed.matches(of: /"([^"]+)"/).map { String($0.output.1) }
            }
            targets[String(match.output.2)] = (match.output.1 == "testTarget", on)
        }
        return targets
    }

    /// The targets that reach the demo models, each with the path it takes (`A → B → PortalDemoModels`).
    static func engineTargetsReachingTheDemo(_ targets: [String: (test: Bool, on: [String])]) -> [String] {
        var breaches: [String] = []
        for (name, target) in targets.sorted(by: { $0.key < $1.key }) where !target.test && !demoUsers.contains(name) {
            var paths: [String: [String]] = [name: [name]]
            var queue = [name]
            while let next = queue.first {
                queue.removeFirst()
                for dependency in targets[next]?.on ?? [] where paths[dependency] == nil && dependency != through {
                    paths[dependency] = (paths[next] ?? []) + [dependency]
                    queue.append(dependency)
                }
            }
            if let path = paths[demo] { breaches.append(path.joined(separator: " → ")) }
        }
        return breaches
    }

    /// The lines of a Swift file that import the demo models (whole, or one of its types).
    static func demoImports(in text: String) -> [Int] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { number, line in
            line.contains(/^\s*(@testable\s+)?import\s+(\w+\s+)?PortalDemoModels\b/.wordBoundaryKind(.simple)) ? number + 1 : nil
        }
    }

    /// The lines of a Swift file whose code (comments and strings left out) names a second reader.
    static func secondReaders(in text: String) -> [Int] {
        SwiftCode.withoutCommentsAndStrings(text).split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { number, line in
            line.contains(/\b(JSONReader|APIDecodable)\b/.wordBoundaryKind(.simple)) ? number + 1 : nil
        }
    }

    static func swiftFiles(of target: String) throws -> [(path: String, text: String)] {
        let folder = root.appending(path: "Sources/\(target)")
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return try walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
            .map { ("\(target)/\($0.lastPathComponent)", try String(contentsOf: $0, encoding: .utf8)) }
    }

    @Test func theCheckersCatchBadText() {
        let manifest = """
            .target(name: "PortalDemoModels", dependencies: ["PortalCore"]),
            .target(name: "PortalServers", dependencies: ["PortalCore", "PortalDemoModels"]),
            // .target(name: "Commented", dependencies: ["PortalDemoModels"]),
            .target(name: "PortalPresets", dependencies: [
                "PortalCore", .product(name: "PortalDemoModels", package: "elsewhere"),
            ]),
            .target(name: "PortalHelper", dependencies: ["PortalDemoModels"]),
            .target(name: "PortalUI", dependencies: ["PortalCore", "PortalHelper"]),
            .target(name: "PortalSources", dependencies: ["PortalServers"]),
            .testTarget(name: "PortalCoreTests", dependencies: ["PortalDemoModels"]),
            """
        let targets = Self.dependencies(inManifest: manifest)
        #expect(targets["PortalPresets"]?.on == ["PortalCore"])
        #expect(targets["Commented"] == nil)
        #expect(Self.engineTargetsReachingTheDemo(targets) == ["PortalHelper → PortalDemoModels", "PortalUI → PortalHelper → PortalDemoModels"])
        #expect(Self.demoImports(in: "import Foundation\nimport PortalDemoModels\n@testable import PortalDemoModels\nimport struct PortalDemoModels.Character\n// import PortalDemoModels") == [2, 3, 4])
        #expect(Self.secondReaders(in: "public struct JSONReader {}\n// JSONReader's rules\nlet a = \"JSONReader\"\nextension X: APIDecodable {}\nvar l: JSONReader.Limits\nlet JSONReaders = 1") == [1, 4, 5])
    }

    @Test func noEngineTargetDependsOnTheDemoModels() throws {
        let targets = Self.dependencies(inManifest: try String(contentsOf: Self.root.appending(path: "Package.swift"), encoding: .utf8))
        for name in Self.named + [Self.demo, Self.through] { #expect(targets[name]?.test == false, "\(name) not found in Package.swift") }
        #expect(targets[Self.through]?.on.contains(Self.demo) == true)
        #expect(Self.engineTargetsReachingTheDemo(targets) == [])
    }

    @Test func noEngineFileImportsTheDemoModels() throws {
        let targets = Self.dependencies(inManifest: try String(contentsOf: Self.root.appending(path: "Package.swift"), encoding: .utf8))
        let engine = targets.filter { !$0.value.test && !Self.demoUsers.contains($0.key) }.keys
        #expect(Set(Self.named).isSubset(of: engine))
        var files = 0
        var found: [String] = []
        for target in engine {
            for file in try Self.swiftFiles(of: target) {
                files += 1
                found += Self.demoImports(in: file.text).map { "\(file.path):\($0)" }
            }
        }
        #expect(files > 400)
        #expect(found.isEmpty, "\(found)")
    }

    @Test func portalJSONHasOneReader() throws {
        let files = try Self.swiftFiles(of: "PortalJSON")
        #expect(files.contains { $0.path == "PortalJSON/JSONNodeScanner.swift" })
        let found = files.flatMap { file in Self.secondReaders(in: file.text).map { "\(file.path):\($0)" } }
        #expect(found.isEmpty, "\(found)")
    }
}
