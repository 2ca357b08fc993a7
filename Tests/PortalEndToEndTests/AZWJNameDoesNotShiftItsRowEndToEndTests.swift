import Foundation
import Testing

/// What a real terminal (tmux) shows for names whose width terminals disagree on, and the
/// one-line fallback of `make run` without a snapshot.
@Suite(.serialized, .enabled(if: EndToEndEnvironment.canDriveTerminal, EndToEndEnvironment.skipReason))
struct AZWJNameDoesNotShiftItsRowEndToEndTests {
    /// A ZWJ family in the first character's name: tmux 3.3 draws 👨‍👩‍👧 in two columns
    /// where ncurses counts six, so sent as is it shifts or cuts the rest of the row.
    /// Shown as its three people it takes six columns in both, and every card on the
    /// name row starts in the column of the card's status below it — after the first
    /// frame and after the selection moves (which redraws only the changed cells).
    @Test func aZWJNameDoesNotShiftItsRow() async throws {
        try await offThePool {
            let session = try TmuxSession()
            defer { session.close() }
            let data = try SnapshotCopy.make(in: session.folder) { characters in
                characters[0]["name"] = "Rick 👨‍👩‍👧 Sanchez"
            }
            let run = PortalRun(session, data: data)
            try session.type(line: run.commandLine)
            var screen = try session.waitFor("Morty Smith")
            try expectAligned(screen)
            // Select Morty and open him (the grid narrows beside the pane), close the pane
            // (the grid widens again): the name row is redrawn in pieces over the old one.
            try session.press("Right")
            try session.press("Enter")
            try session.waitFor("S01E01")
            try session.press("Escape")
            screen = try session.waitFor(timeout: 60, "the full grid again") { !$0.contains("S01E01") && $0.contains("Summer Smith") }
            try expectAligned(screen)
            try session.press("q")
            #expect(try session.waitForFile(session.file("status")) == "exit=0\n")
        }
    }

    private func expectAligned(_ screen: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let nameRow = try #require(lines.firstIndex { $0.contains("Morty Smith") }, "no name row:\n\(screen)", sourceLocation: sourceLocation)
        let names = lines[nameRow]
        let statuses = lines[nameRow + 1]
        #expect(names.contains("Rick 👨👩👧 Sanchez"), "the name is cut or garbled:\n\(screen)", sourceLocation: sourceLocation)
        let statusColumns = Self.columns(of: "●", in: statuses)
        #expect(statusColumns.count == 3, "three cards expected:\n\(screen)", sourceLocation: sourceLocation)
        let nameColumns = [Self.columns(of: "Rick", in: names).first, Self.columns(of: "Morty Smith", in: names).first,
                           Self.columns(of: "Summer Smith", in: names).first].compactMap { $0 }
        #expect(nameColumns == statusColumns, "names at \(nameColumns), statuses at \(statusColumns):\n\(screen)",
                sourceLocation: sourceLocation)
    }

    /// The display columns at which `needle` starts in `line`, counting as tmux lays the
    /// line out here: emoji (U+1F000 and up) two columns, joiners none, the rest one.
    static func columns(of needle: String, in line: String) -> [Int] {
        var result: [Int] = []
        var column = 0
        var rest = Substring(line)
        while !rest.isEmpty {
            if rest.hasPrefix(needle) { result.append(column) }
            let scalar = rest.unicodeScalars.first!
            column += scalar.value >= 0x1F000 ? 2 : (scalar.value == 0x200D ? 0 : 1)
            rest = Substring(rest.unicodeScalars.dropFirst())
        }
        return result
    }

    /// Without a snapshot, `make run` says so in one line and opens the live API (here
    /// the network is unreachable; the header names the source all the same).
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/make"), "needs make"))
    func makeRunWithoutASnapshotOpensTheLiveAPI() throws {
        let session = try TmuxSession()
        defer { session.close() }
        let root = EndToEndEnvironment.packageRoot.path
        let portal = EndToEndEnvironment.portal ?? "portal"
        // SWIFT=true: the binary is built already; PORTAL_BIN points at it.
        try session.type(line: "make -s -C '\(root)' run DATA='\(session.file("no-snapshot"))' SWIFT=true PORTAL_BIN='\(portal)'")
        try session.waitFor("rickandmortyapi.com", timeout: 60)
        try session.press("q")
        // Back on the shell's screen, the notice make printed first (the 100-column pane
        // wraps it after "inst").
        let screen = try session.waitFor(timeout: 60, "the notice") { $0.contains("no snapshot in") && $0.contains("opening the live API") }
        #expect(!screen.contains("Error"), "make failed:\n\(screen)")
    }
}

/// A copy of the snapshot's Rick and Morty folder in a scratch folder, with its
/// characters edited: `characters.json` rewritten, the rest linked to the original.
enum SnapshotCopy {
    static func make(in folder: URL, edit: (inout [[String: Any]]) -> Void) throws -> String {
        let source = URL(fileURLWithPath: try #require(EndToEndEnvironment.dataFolder)).appendingPathComponent("rickandmorty")
        let root = folder.appendingPathComponent("data")
        let target = root.appendingPathComponent("rickandmorty")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        var characters = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: source.appendingPathComponent("characters.json"))) as? [[String: Any]])
        edit(&characters)
        try JSONSerialization.data(withJSONObject: characters).write(to: target.appendingPathComponent("characters.json"))
        // The data files are copied (small): the snapshot reads regular files only. The
        // avatars folder (30 MB) is linked; the files inside it are regular.
        for name in ["episodes.json", "locations.json"] {
            try FileManager.default.copyItem(at: source.appendingPathComponent(name), to: target.appendingPathComponent(name))
        }
        try FileManager.default.createSymbolicLink(at: target.appendingPathComponent("avatars"), withDestinationURL: source.appendingPathComponent("avatars"))
        return root.path
    }
}
