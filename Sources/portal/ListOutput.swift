import Foundation
import PortalCore
import PortalJQ

/// Turns `portal list`'s items into text in the format asked for, a page at a time,
/// holding nothing of a page once it is written (the CSV columns, chosen from the first
/// item, and whether an array element was written are all it keeps).
///
/// Every format starts from the item's JSON as `--json` prints it (the API's own shape,
/// one sanitised line), except plain text lines. With `--jq` each item goes through the
/// program and its outputs are printed as `jq -c` prints them (one JSON value a line;
/// strings raw with `--raw`, as `jq -r`); `--format json` gathers them into the array.
final class ListOutput {
    let format: ListFormat
    let jq: JQProgram?
    let raw: Bool
    let fields: [String]?
    private let jsonPrinter: ItemPrinter
    private let textPrinter: ItemPrinter
    private var columns: ItemColumns?
    private var wroteElement = false
    /// Runtime errors of the jq program so far (each is said on stderr; jq goes on with
    /// the next input and exits 5 at the end, and so does `portal list`).
    private(set) var jqErrors = 0
    private(set) var lastJQExitCode: Int = 0

    init(format: ListFormat, jq: JQProgram?, raw: Bool, fields: [String]?, baseURL: BaseURL) {
        self.format = format
        self.jq = jq
        self.raw = raw
        self.fields = fields
        let encoding = APIJSONEncoding(baseURL: baseURL)
        jsonPrinter = ItemPrinter(json: true, encoding: encoding)
        textPrinter = ItemPrinter(json: false, encoding: encoding)
        if let fields, !fields.isEmpty { columns = ItemColumns(paths: fields) }
    }

    /// What comes before the first item: an array's `[`, the CSV/TSV header when the
    /// columns are named (`--fields`).
    func opening() -> String {
        switch format {
        case .json: return "["
        case .csv, .tsv: return columns.map(header) ?? ""
        case .text, .ndjson: return ""
        }
    }

    /// What ends the output (also after a failure, so an array is still one JSON value).
    func closing() -> String {
        format == .json ? (wroteElement ? "\n]\n" : "]\n") : ""
    }

    /// The text of `items`, ready to write. A jq error on an item is said on stderr
    /// (through `report`) and that item's outputs are skipped, as jq does.
    func text(for items: ArraySlice<Item>, report: (String) -> Void) -> String {
        var out = ""
        for item in items {
            if let jq {
                let json = Data(jsonPrinter.line(item).utf8)
                do {
                    try jq.run(onJSON: json) { output in out += element(jqText(output)) }
                } catch {
                    jqErrors += 1
                    if case .runtime(_, let code) = error as? JQError { lastJQExitCode = code } else { lastJQExitCode = 5 }
                    report((error as? JQError)?.message ?? "\(error)")
                }
                continue
            }
            switch format {
            case .text: out += textPrinter.line(item) + "\n"
            case .ndjson, .json: out += element(jsonPrinter.line(item))
            case .csv, .tsv:
                let json = jsonPrinter.line(item)
                if columns == nil {
                    let chosen = ItemColumns.choose(fields: fields, first: item)
                    columns = chosen
                    out += header(chosen)
                }
                out += DelimitedText.record(columns?.cells(ofJSON: json) ?? [], delimited)
            }
        }
        return out
    }

    /// One value of `--format json`'s array, or one line of ndjson.
    private func element(_ value: String) -> String {
        guard format == .json else { return value + "\n" }
        defer { wroteElement = true }
        return (wroteElement ? ",\n" : "\n") + value
    }

    /// A jq output as `jq -c` (or `jq -r` with `--raw`) prints it; the sink sanitises a
    /// raw string (line feeds and tabs kept), a JSON value is made one clean line here.
    private func jqText(_ output: JQOutput) -> String {
        if raw, case .string(let text) = output { return text }
        return Sanitize.line(output.jsonText)
    }

    private var delimited: DelimitedText.Format { format == .tsv ? .tsv : .csv }

    private func header(_ columns: ItemColumns) -> String {
        DelimitedText.record(columns.paths, delimited)
    }
}
