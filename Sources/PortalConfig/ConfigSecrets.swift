import Foundation
import PortalCore

/// The secrets a file others can read may not hold, wherever they are written: besides a
/// literal `auth` secret (`ConfigReader.secret`), a secret-looking header given as a literal
/// and a user or password in a URL. Each refusal names the key and says how to move the
/// secret out; none holds the value.
extension ConfigReader {
    /// How to move a secret out of the file, for every refusal.
    static let moveAdvice = "write \"env:NAME\" (a variable holding it) or \"command:…\" (a command printing it) instead, or chmod 600 the file"

    /// A header's value: a reference (`env:`, `command:`, `file:`) or a literal; a literal
    /// that looks like a credential is refused in a file others can read.
    func checkHeader(_ name: String, _ value: String, at keyPath: [String]) throws(ConfigError) {
        let reference: SecretReference
        do {
            reference = try SecretReference(parsing: value)
        } catch {
            throw self.error("\(keyPath.joined(separator: ".")): \(error.description)", at: keyPath)
        }
        guard othersCanRead, reference.isLiteral, SecretHeader.looksSecret(name: name, value: value) else { return }
        throw self.error("\(keyPath.joined(separator: ".")) is a literal secret in a file others can read: \(Self.moveAdvice)", at: keyPath)
    }

    /// A URL naming a user or password (`http://user:pw@host/…`), refused in a file others
    /// can read.
    func checkURL(_ text: String?, at keyPath: [String]) throws(ConfigError) {
        guard othersCanRead, let text, URLRedaction.holdsUserinfo(text) else { return }
        throw self.error(
            "\(keyPath.joined(separator: ".")) holds a user or password in a file others can read: take it out of the URL and put it in "
                + "auth = { basic = \"env:NAME\" } (NAME holding user:password) or \"command:…\", or chmod 600 the file",
            at: keyPath)
    }
}

/// Which headers carry credentials: by name (`Authorization`, `Cookie`, `X-API-Key`,
/// `Private-Token`, anything naming a key, token, secret, password, session or auth) or by
/// value (`Bearer …`, `Basic …`, `Token …`).
public enum SecretHeader {
    static let nameWords = ["auth", "token", "secret", "password", "passwd", "cookie", "session", "credential", "signature", "key"]
    static let valuePrefixes = ["bearer ", "basic ", "token ", "digest ", "negotiate "]

    public static func looksSecret(name: String, value: String) -> Bool {
        let lowered = name.lowercased()
        if nameWords.contains(where: lowered.contains) { return true }
        let start = value.trimmingCharacters(in: .whitespaces).lowercased()
        return valuePrefixes.contains(where: start.hasPrefix)
    }
}
