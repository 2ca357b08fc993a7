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
        abstract: "List the APIs saved in the config file (or add one: portal apis add).",
        subcommands: [Show.self, Add.self],
        defaultSubcommand: Show.self
    )

    /// `portal apis add NAME URL [--header …] [--bearer-env VAR]`: appends one API to the
    /// file (created 0600 in a 0700 folder), the key by reference to an environment variable.
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Save an API in the config file.")

        @Argument(help: "The name to open it by: portal NAME (letters, digits, - and _, starting with a letter).") var name: String
        @Argument(help: "The list's URL, or the API's root.") var url: String
        /// `--header` lines (repeatable), as every command reads them.
        @OptionGroup var source: SourceOptions
        @Option(name: .long, help: ArgumentHelp("Send Authorization: Bearer with this environment variable's value.", valueName: "var"))
        var bearerEnv: String?
        @Option(name: .long, help: ArgumentHelp("Write to this config file instead of the default one.", valueName: "file"))
        var config: String?

        func run() throws {
            var headers: [(name: String, value: String)] = []
            for line in source.apiOptions.headerLines {
                guard let colon = line.firstIndex(of: ":") else { throw ValidationError("--header \(Sanitize.line(line)): expected \"Name: value\"") }
                headers.append((String(line[..<colon]).trimmingCharacters(in: .whitespaces), String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)))
            }
            let path = ConfigFile.path(explicit: config, environment: ProcessInfo.processInfo.environment)
            do {
                try ConfigAppender.append(name: name, url: url, headers: headers, bearerVariable: bearerEnv, to: path)
            } catch {
                throw ValidationError(Sanitize.line(error.description))
            }
            print("saved \(Sanitize.line(name)) in \(Sanitize.line(path))")
        }
    }

    /// `portal apis` (`portal apis show`): the listing; `portal apis show NAME [LIST]`: the
    /// list specs in force, as TOML (ApisShowSpec.swift).
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "List the saved APIs (the default), or print NAME's list specs as TOML.")

        @Argument(help: "A saved API: print the spec each of its lists is read with, as TOML to paste and edit.") var name: String?
        @Argument(help: "Only this list of it.") var list: String?
        /// Cache and trace flags, as `portal list` takes them (NAME's first pages are asked).
        @OptionGroup var source: SourceOptions
        @Option(name: .long, help: ArgumentHelp("Read this config file instead of $XDG_CONFIG_HOME/portal/config.toml.", valueName: "file"))
        var config: String?

        func run() async throws {
            if let name { return try await showSpec(api: name, list: list) }
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
                // No user or password a URL holds is shown (URLRedaction).
                let place = api.url ?? api.openapi.map { "openapi " + $0 } ?? api.graphql.map { "graphql " + $0 } ?? api.kind ?? ""
                var line = api.name + "  " + URLRedaction.redacted(place)
                if !api.lists.isEmpty { line += "  lists: " + api.lists.map(\.name).joined(separator: ", ") }
                line += "  auth: " + (api.auth?.summary ?? "none")
                print(Sanitize.line(line))
            }
        }
    }
}
