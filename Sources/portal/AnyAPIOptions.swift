import ArgumentParser
import Foundation
import PortalCore

/// `--url` and its overrides: browse or list the list at any URL of a JSON API, how it
/// reads (items, paging dialect, total: `ListReading`) taken from the first answer
/// (`DialectDetector`); `--paging` and `--items` when detection cannot know, `--fields`
/// for the cards. See docs/sources.md, "Any API".
struct AnyAPIOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The list at this URL of any paginated JSON API (its paging is read from the first answer).", valueName: "url"))
    var url: String?

    @Option(help: ArgumentHelp("With --url: how the next page is found: \(PagingDialects.names.joined(separator: ", ")) (default: detected).", valueName: "style"))
    var paging: String?

    @Option(help: ArgumentHelp("With --url: the items' path in the answer, e.g. results or data.rows (default: detected).", valueName: "path"))
    var items: String?

    @Option(help: ArgumentHelp("The fields a card shows under its title, e.g. login,owner.type (default: the most telling short ones); portal list: the CSV/TSV columns.", valueName: "a,b.c"))
    var fields: String?

    func validate() throws {
        guard let url else {
            // --fields also names portal list's CSV/TSV columns (and the table's), on any list.
            for (flag, given) in [("--paging", paging != nil), ("--items", items != nil)] where given {
                throw ValidationError("\(flag) goes with --url")
            }
            return
        }
        // Checked without its user and password, which go as Basic (takeCredentialsOutOfURLs,
        // run after this), and never shown (a password may hold `/`).
        let bare = URLCredentials(url).url
        guard SplitURL(bare) != nil, URL(string: bare) != nil else {
            throw ValidationError("--url '\(Sanitize.line(URLRedaction.redacted(url)))' must be an http(s) URL with a valid host and port (spaces and other characters percent-encoded)")
        }
        if let paging, !PagingDialects.names.contains(paging) {
            throw ValidationError("--paging must be one of \(PagingDialects.names.joined(separator: ", ")), got '\(Sanitize.line(paging))'")
        }
        if let items, items.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty) {
            throw ValidationError("--items '\(Sanitize.line(items))' must be a dotted path like results or data.rows")
        }
    }

    var overrides: DialectDetector.Overrides {
        DialectDetector.Overrides(items: items.map { $0.split(separator: ".").map(String.init) }, paging: paging)
    }

    var cardFields: [String]? {
        fields.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
    }
}
