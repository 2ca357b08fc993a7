import Foundation
import TOMLKit

/// The config file (`config.toml`): the saved APIs under `[apis.NAME]`. Reading it checks
/// everything a run would trip over later: unknown keys, a name that clashes with a built-in
/// list or a subcommand, a literal secret in a file others can read.
public struct ConfigFile: Sendable, Equatable {
    /// In the order the file names them.
    public var apis: [SavedAPI]

    public init(apis: [SavedAPI]) { self.apis = apis }

    public func api(named name: String) -> SavedAPI? { apis.first { $0.name == name } }

    /// Names a saved API cannot take: the built-in resources and portal's subcommands, which
    /// `portal NAME` would otherwise mean too.
    public static let reservedNames: Set<String> = [
        "characters", "episodes", "locations", "pokemon", "list", "browse", "cache", "apis", "help", "mcp", "open",
    ]

    /// `--config`, else `$XDG_CONFIG_HOME/portal/config.toml`, else `~/.config/portal/config.toml`.
    public static func path(explicit: String?, environment: [String: String]) -> String {
        if let explicit { return explicit }
        if let xdg = environment["XDG_CONFIG_HOME"], !xdg.isEmpty { return xdg + "/portal/config.toml" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.config/portal/config.toml"
    }

    /// Reads the file at `path`; a missing file is an empty config.
    public static func load(path: String, reservedNames: Set<String> = reservedNames) throws(ConfigError) -> ConfigFile {
        guard FileManager.default.fileExists(atPath: path) else { return ConfigFile(apis: []) }
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw ConfigError(path: path, line: nil, message: "cannot read the file (or it is not UTF-8)")
        }
        let mode = (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? 0o077
        return try parse(text, path: path, othersCanRead: mode & 0o044 != 0, reservedNames: reservedNames)
    }

    /// Parses `text`. `othersCanRead`: the file is group- or world-readable, so a literal
    /// secret in it is refused.
    public static func parse(
        _ text: String, path: String, othersCanRead: Bool, reservedNames: Set<String> = reservedNames
    ) throws(ConfigError) -> ConfigFile {
        let root: TOMLTable
        do {
            root = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ConfigError(path: path, line: error.source.begin.line, message: error.description)
        } catch {
            throw ConfigError(path: path, line: nil, message: "not TOML: \(error)")
        }
        let reader = ConfigReader(text: text, path: path, othersCanRead: othersCanRead)
        for key in root.keys where key != "apis" {
            throw reader.error("unknown key \(key) (the file holds [apis.NAME] tables)", at: [key])
        }
        guard let apisValue = root["apis"] else { return ConfigFile(apis: []) }
        guard let apisTable = apisValue.table else { throw reader.error("apis must be a table", at: ["apis"]) }
        var apis: [SavedAPI] = []
        for name in reader.inFileOrder(apisTable.keys, under: ["apis"]) {
            guard let value = apisTable[name], let table = value.table else {
                throw reader.error("apis.\(name) must be a table", at: ["apis", name])
            }
            if reservedNames.contains(name) {
                throw reader.error("the saved API name \(name) clashes with a built-in name; choose another", at: ["apis", name])
            }
            apis.append(try reader.api(named: name, table))
        }
        return ConfigFile(apis: apis)
    }
}
