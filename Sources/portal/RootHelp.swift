import ArgumentParser
import Foundation

/// What `portal --help` (and `portal help`) prints: the browser's own options, since
/// browsing is what plain `portal` does, under the root's overview and subcommand list.
///
/// ArgumentParser shows a root command's options only, so without this a user reading
/// `portal --help` would never learn `--pictures`, `--tab` or the filters: the options a
/// bare `portal` takes would be hidden behind `portal help browse`.
enum RootHelp {
    static let overview = """
        Browse any paginated JSON API in the terminal with infinite scroll: the Rick and \
        Morty API (the default, or its offline snapshot), PokeAPI, PostgREST and Supabase, \
        or any list at --url — or an API saved in the config file: portal NAME [LIST]. \
        `portal list` prints a list instead.
        """

    /// Whether `message` is the root command's help (not a subcommand's).
    static func isRootHelp(_ message: String, columns: Int?) -> Bool {
        message == PortalCommand.helpMessage(columns: columns)
    }

    /// The browse command's help with the root's usage and the subcommands appended.
    static func text(columns: Int?) -> String {
        let browse = PortalCommand.helpMessage(for: BrowseCommand.self, columns: columns)
        let root = PortalCommand.helpMessage(columns: columns)
        var sections: [String] = []
        if let overview = section(named: "OVERVIEW", in: root) { sections.append(overview) }
        if let discussion = browseDiscussion(in: browse) { sections.append(discussion) }
        sections.append("USAGE: portal [<options>]\n       portal <subcommand> [<options>]")
        if let options = section(named: "OPTIONS", in: browse) { sections.append(options) }
        if let subcommands = section(named: "SUBCOMMANDS", in: root) { sections.append(subcommands) }
        return sections.joined(separator: "\n\n")
    }

    /// The section of a help text that starts with `NAME:` and runs to the next heading.
    static func section(named name: String, in help: String) -> String? {
        let blocks = blocks(of: help)
        guard let start = blocks.firstIndex(where: { $0.hasPrefix(name + ":") }) else { return nil }
        var taken = [blocks[start]]
        for block in blocks[(start + 1)...] {
            if isHeading(block) { break }
            taken.append(block)
        }
        return taken.joined(separator: "\n\n")
    }

    /// The paragraphs between the browse overview and its usage line.
    private static func browseDiscussion(in help: String) -> String? {
        let blocks = blocks(of: help)
        guard let start = blocks.firstIndex(where: { $0.hasPrefix("OVERVIEW:") }),
              let end = blocks.firstIndex(where: { $0.hasPrefix("USAGE:") }), end > start + 1
        else { return nil }
        return blocks[(start + 1)..<end].joined(separator: "\n\n")
    }

    private static func blocks(of help: String) -> [String] {
        help.components(separatedBy: "\n\n").map { $0.trimmingCharacters(in: .newlines) }.filter { !$0.isEmpty }
    }

    private static func isHeading(_ block: String) -> Bool {
        guard let colon = block.firstIndex(of: ":") else { return false }
        let head = block[..<colon]
        return !head.isEmpty && head.allSatisfy { $0.isUppercase || $0 == " " }
    }
}
