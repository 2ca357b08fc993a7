import ArgumentParser
import Foundation
import PortalCore
import PortalSources

/// The `portal` command: the terminal browser by default, `list` for plain output.
struct PortalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "portal",
        abstract: RootHelp.overview,
        version: "0.1.0",
        subcommands: [BrowseCommand.self, ListCommand.self, CacheCommand.self, ApisCommand.self, SavedBrowseCommand.self, MCPCommand.self],
        defaultSubcommand: BrowseCommand.self
    )

    @OptionGroup var source: SourceOptions

    mutating func run() async throws {
        throw CleanExit.helpRequest(self)
    }
}

/// A runtime failure reported as one line on stderr with exit status 1.
struct RuntimeFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Entry point: usage errors exit 2, runtime errors exit 1, each with one line on stderr.
///
/// Main-actor isolated so that the browser runs on the main thread (`BrowseCommand.run`
/// is main-actor isolated: it awaits its sign-in and first answer, then its event loop
/// owns the thread); other commands' nonisolated `run` hops off it.
@main
enum Main {
    @MainActor
    static func main() async {
        SavedConfig.hideSecretsFromJQ(arguments: Array(CommandLine.arguments.dropFirst()))
        do {
            // `portal NAME [LIST]` is `portal open NAME [LIST]` (a saved API).
            var command = try PortalCommand.parseAsRoot(SavedBrowseCommand.routed(Array(CommandLine.arguments.dropFirst())))
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let error as RuntimeFailure {
            fail(error.description, code: 1)
        } catch let error as PortalError {
            fail(error.description, code: 1)
        } catch let error as SourceFailure {
            switch error.kind {
            case .usage: fail(error.message, code: 2, hint: true)
            case .runtime: fail(error.message, code: 1)
            case .refused(let status): fail(error.message, code: status)
            }
        } catch {
            let code = PortalCommand.exitCode(for: error)
            if code == .success {
                let message = SavedCompletions.patched(PortalCommand.fullMessage(for: error))
                try? StandardStreams.out((RootHelp.isRootHelp(message, columns: nil) ? RootHelp.text(columns: nil) : message) + "\n")
                exit(0)
            }
            let message = PortalCommand.message(for: error)
            if code == .validationFailure {
                fail(message.split(separator: "\n").first.map(String.init) ?? message, code: 2, hint: true)
            }
            fail(message, code: code.rawValue == 0 ? 1 : 1)
        }
    }

    static func fail(_ message: String, code: Int32, hint: Bool = false) -> Never {
        StandardStreams.error(hint ? message + " (see 'portal --help')" : message)
        exit(code)
    }
}
