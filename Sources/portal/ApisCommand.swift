import ArgumentParser
import Foundation
import PortalConfig
import PortalCore

/// `portal apis`: the APIs saved in the config file, one line each (name, URL, lists, auth
/// kind and where its secrets come from), so a user sees what `portal NAME` would open
/// without a secret's value ever reaching the terminal.
struct ApisCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apis",
        abstract: "List the APIs saved in the config file."
    )

    @Option(name: .long, help: ArgumentHelp("Read this config file instead of $XDG_CONFIG_HOME/portal/config.toml.", valueName: "file"))
    var config: String?

    func run() throws {
        let path = ConfigFile.path(explicit: config, environment: ProcessInfo.processInfo.environment)
        let file: ConfigFile
        do {
            file = try ConfigFile.load(path: path)
        } catch {
            // A bad file is a usage error: exit 2, with the line.
            throw ValidationError(Sanitize.line(error.description))
        }
        guard !file.apis.isEmpty else {
            print("no saved APIs in \(Sanitize.line(path))")
            return
        }
        for api in file.apis {
            var line = api.name + "  " + (api.url ?? api.openapi.map { "openapi " + $0 } ?? api.graphql.map { "graphql " + $0 } ?? api.kind ?? "")
            if !api.lists.isEmpty { line += "  lists: " + api.lists.map(\.name).joined(separator: ", ") }
            line += "  auth: " + (api.auth?.summary ?? "none")
            print(Sanitize.line(line))
        }
    }
}
