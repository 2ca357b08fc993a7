import Foundation
import Testing

/// `portal --help` is where a user learns what plain `portal` takes: the browse options
/// (pictures, tab, filters, max pages) must be there, under an overview of portal as it
/// is now (any paginated JSON API), with the subcommands listed.
@Suite(.enabled(if: EndToEndEnvironment.canRunBinary, EndToEndEnvironment.skipReason))
struct HelpNamesTheBrowseOptionsEndToEndTests {
    @Test(arguments: [["--help"], ["-h"], ["help"]])
    func rootHelpListsTheBrowseOptions(arguments: [String]) async throws {
        try await offThePool {
            let result = try runPortal(arguments)
            #expect(result.status == 0)
            let firstLine = result.stdout.split(separator: "\n").first.map(String.init) ?? ""
            #expect(firstLine.hasPrefix("OVERVIEW: Browse any paginated JSON API"), "first line: \(firstLine)")
            for option in ["--pictures", "--max-pages", "--tab", "--status", "--url", "--data", "--offline"] {
                #expect(result.stdout.contains(option), "\(option) missing from portal \(arguments.joined(separator: " "))")
            }
            for subcommand in ["browse (default)", "list", "cache"] {
                #expect(result.stdout.contains(subcommand))
            }
            #expect(result.stdout.contains("USAGE: portal [<options>]"))
        }
    }

    @Test func subcommandHelpIsItsOwn() async throws {
        try await offThePool {
            let result = try runPortal(["list", "--help"])
            #expect(result.status == 0)
            #expect(result.stdout.contains("USAGE: portal list"))
            #expect(!result.stdout.contains("--tab "), "the browse options belong to portal --help, not list's")
        }
    }

    private func runPortal(_ arguments: [String]) throws -> Spawn.Result {
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        return try Spawn.run(EndToEndEnvironment.portal ?? "portal", arguments, environment: environment, scratch: FileManager.default.temporaryDirectory)
    }
}
