import Foundation

/// `portal apis add`: appends one `[apis.NAME]` table to the config file, creating the
/// folder (0700) and the file (0600) when missing, and never rewriting what is there — the
/// user's comments and layout stay theirs.
public enum ConfigAppender {
    /// The TOML text of one API: `url`, then `headers`, then `auth = { bearer = "env:VAR" }`.
    public static func text(name: String, url: String, headers: [(name: String, value: String)], bearerVariable: String?) -> String {
        var text = "\n[apis.\(name)]\nurl = \(quoted(url))\n"
        if !headers.isEmpty {
            text += "headers = { " + headers.map { "\(quoted($0.name)) = \(quoted($0.value))" }.joined(separator: ", ") + " }\n"
        }
        if let bearerVariable { text += "auth = { bearer = \(quoted("env:" + bearerVariable)) }\n" }
        return text
    }

    /// Appends `name` to the file at `path` after checking the result still reads (a name
    /// already there, or a clash with a built-in, is refused before anything is written).
    public static func append(
        name: String, url: String, headers: [(name: String, value: String)] = [], bearerVariable: String? = nil, to path: String
    ) throws(ConfigError) {
        let manager = FileManager.default
        let existing = manager.contents(atPath: path).flatMap { String(data: $0, encoding: .utf8) } ?? ""
        let addition = text(name: name, url: url, headers: headers, bearerVariable: bearerVariable)
        let current = try ConfigFile.parse(existing, path: path, othersCanRead: false)
        if current.api(named: name) != nil {
            throw ConfigError(path: path, line: nil, message: "an API named \(name) is saved already")
        }
        _ = try ConfigFile.parse(existing + addition, path: path, othersCanRead: false)
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

    /// A TOML basic string: quotes, backslashes and control characters escaped.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: out += String(format: "\\u%04X", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
