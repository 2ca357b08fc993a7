import Foundation
import TOMLKit

/// `portal apis add`: appends one `[apis.NAME]` table to the config file, creating the
/// folder (0700) and the file (0600) when missing. The name is checked first (letters,
/// digits, `-` and `_`, starting with a letter) and the table's text is written by TOMLKit
/// from a table of values — never by pasting strings together, so no name or value can
/// close a string and open a table. What is in the file already is never rewritten: the
/// user's comments and layout stay theirs (TOMLKit drops comments when it writes a whole
/// file, so only the addition is its text).
public enum ConfigAppender {
    /// The TOML text of one API: `url`, `headers`, `auth = { bearer = "env:VAR" }`, as
    /// TOMLKit writes the table `apis.NAME` holding them.
    public static func text(name: String, url: String, headers: [(name: String, value: String)], bearerVariable: String?) -> String {
        let api = TOMLTable()
        api["url"] = url
        if !headers.isEmpty {
            let fields = TOMLTable(inline: true)
            for header in headers { fields[header.name] = header.value }
            api["headers"] = fields
        }
        if let bearerVariable { api["auth"] = TOMLTable(["bearer": "env:" + bearerVariable], inline: true) }
        let apis = TOMLTable()
        apis[name] = api
        let root = TOMLTable()
        root["apis"] = apis
        return "\n" + root.convert(to: .toml, options: [.allowUnicodeStrings]) + "\n"
    }

    /// Appends `name` to the file at `path` after checking the result still reads as the
    /// file's own mode says (a name already there, a clash with a built-in, or a literal
    /// secret in a file others can read is refused before anything is written).
    public static func append(
        name: String, url: String, headers: [(name: String, value: String)] = [], bearerVariable: String? = nil, to path: String
    ) throws(ConfigError) {
        guard ConfigReader.isSavedName(name) else {
            throw ConfigError(path: path, line: nil, message: "the name \(name) is not allowed: \(ConfigReader.savedNameRule)")
        }
        let manager = FileManager.default
        let existing = manager.contents(atPath: path).flatMap { String(data: $0, encoding: .utf8) } ?? ""
        let mode = (try? manager.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? 0o600
        let othersCanRead = mode & 0o044 != 0
        let addition = text(name: name, url: url, headers: headers, bearerVariable: bearerVariable)
        let current = try ConfigFile.parse(existing, path: path, othersCanRead: othersCanRead)
        if current.api(named: name) != nil {
            throw ConfigError(path: path, line: nil, message: "an API named \(name) is saved already")
        }
        let after = try ConfigFile.parse(existing + addition, path: path, othersCanRead: othersCanRead)
        guard after.apis.map(\.name) == current.apis.map(\.name) + [name] else {
            throw ConfigError(path: path, line: nil, message: "adding \(name) would change other saved APIs; nothing was written")
        }
        let folder = (path as NSString).deletingLastPathComponent
        do {
            if !folder.isEmpty, !manager.fileExists(atPath: folder) {
                try manager.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            }
            if !manager.fileExists(atPath: path) {
                guard manager.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
                    throw ConfigError(path: path, line: nil, message: "cannot create the file")
                }
            }
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(addition.utf8))
        } catch let error as ConfigError {
            throw error
        } catch {
            throw ConfigError(path: path, line: nil, message: "cannot write: \(error.localizedDescription)")
        }
    }
}
