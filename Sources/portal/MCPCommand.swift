import ArgumentParser
import Foundation
import PortalCore
import PortalMCP
import PortalSources

/// `portal mcp`: serves the saved APIs, the built-in presets and the API given with
/// `--url`, `--graphql` or `--openapi` to an agent, as a Model Context Protocol server on
/// stdio (PortalMCP). This only parses the options and builds the catalog.
struct MCPCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve APIs to an agent: a Model Context Protocol server on stdio (see docs/agents.md).",
        discussion: """
            Tools: list_apis, describe_list, get_rows, get_item, count_rows. Serves the APIs saved in the \
            config file, the built-in presets (the one --data or --base-url names, else Rick and Morty and \
            PokeAPI live) and --url, --graphql or --openapi. stdout carries protocol messages only.
            """
    )

    @Option(help: ArgumentHelp("Read saved APIs from this config file instead of $XDG_CONFIG_HOME/portal/config.toml.", valueName: "file"))
    var config: String?

    @Option(help: ArgumentHelp("The most bytes of one answer; rows past it are left for the next call.", valueName: "n"))
    var answerBytes: Int = MCPLimits().answerBytes

    @Option(help: ArgumentHelp("Seconds a tool call may take; a walk stops before and says where it got to.", valueName: "s"))
    var timeLimit: Int = MCPLimits().callSeconds

    @Flag(help: "Say each call on stderr (its size and time; never its arguments' secrets).") var verbose = false

    @OptionGroup var source: SourceOptions

    func validate() throws {
        guard (1_000...10_000_000).contains(answerBytes) else { throw ValidationError("--answer-bytes must be from 1000 to 10000000") }
        guard (2...3_600).contains(timeLimit) else { throw ValidationError("--time-limit must be from 2 to 3600 seconds") }
        if source.apiOptions.table != nil { throw ValidationError("--table is for browsing; an agent names the list in its call") }
        _ = try usage { try SavedRun.load(config: config) }
    }

    func run() async throws {
        let catalog = try await catalog()
        let limits = MCPLimits(answerBytes: answerBytes, callSeconds: timeLimit)
        let verbose = self.verbose
        let server = PortalMCPServer(catalog: catalog, limits: limits) { line in
            if verbose { StandardStreams.error(line) }
        }
        try await server.run()
    }
}
