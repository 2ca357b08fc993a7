import ArgumentParser
import Foundation
import PortalCore
import PortalPaging

/// `--url` and its overrides: browse or list the list at any URL of a JSON API, how it
/// reads (items, paging dialect, total: `ListReading`) taken from the first answer
/// (`DialectDetector`); `--paging` and `--items` when detection cannot know, `--fields`
/// for the cards. Checked with the other source flags (`SourceRequest.validate`). See
/// docs/sources.md, "Any API".
struct AnyAPIOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The list at this URL of any paginated JSON API (its paging is read from the first answer).", valueName: "url"))
    var url: String?

    @Option(help: ArgumentHelp("With --url: how the next page is found: \(PagingDialects.names.joined(separator: ", ")) (default: detected).", valueName: "style"))
    var paging: String?

    @Option(help: ArgumentHelp("With --url: the items' path in the answer, e.g. results or data.rows (default: detected).", valueName: "path"))
    var items: String?

    @Option(help: ArgumentHelp("The fields a card shows under its title, e.g. login,owner.type (default: the most telling short ones); portal list: the CSV/TSV columns.", valueName: "a,b.c"))
    var fields: String?
}
