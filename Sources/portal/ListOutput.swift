import Foundation
import PortalCore
import PortalJQ
import PortalExport

/// Turns `portal list`'s items into text in the format asked for and writes it to the
/// sink, a page at a time, holding nothing of a page once it is written (the CSV columns,
/// chosen from the first item, and whether an array element was written are all it keeps).
///
/// Every machine format starts from the item's JSON as `--json` prints it (the API's own
/// shape, one line, the server's strings exact: `ExportJSON`); plain text lines are
/// cleaned (`Sanitize`). With `--jq` each item goes through the program and its outputs
/// are printed as `jq -c` prints them (one JSON value a line; strings raw with `--raw`,
/// as `jq -r`); `--format json` gathers them into the array. A program's outputs are
/// written as they come, `flushBytes` at a time, so one with no end (`repeat(1)`) stops
/// when the reader goes (`| head`) instead of filling memory.
final class ListOutput {
    /// How much text is gathered before it is written.
    static let flushBytes = 64 * 1024

    let format: ListFormat
    let jq: JQProgram?
    let raw: Bool
    let fields: [String]?
    /// `--csv-safe`: OWASP's guard against formulas in CSV and TSV cells (`DelimitedText`).
    let formulaSafe: Bool
    let sink: OutputSink
    private let jsonPrinter: ItemPrinter
    private let textPrinter: ItemPrinter
    private var columns: ItemColumns?
    private var wroteElement = false
    private var pending = ""
    /// Runtime errors of the jq program so far (each is said on stderr; jq goes on with
    /// the next input and exits 5 at the end, and so does `portal list`).
    private(set) var jqErrors = 0
    private(set) var lastJQExitCode: Int = 0

    init(format: ListFormat, jq: JQProgram?, raw: Bool, fields: [String]?, formulaSafe: Bool = false,
         sink: OutputSink? = nil) {
        self.format = format
        self.jq = jq
        self.raw = raw
        self.fields = fields
        self.formulaSafe = formulaSafe
        self.sink = sink ?? OutputSink(format: format)
        jsonPrinter = ItemPrinter(json: true)
        textPrinter = ItemPrinter(json: false)
        if let fields, !fields.isEmpty { columns = ItemColumns(paths: fields) }
    }

    /// Writes what comes before the first item: an array's `[`, the CSV/TSV header when
    /// the columns are named (`--fields`).
    func open() throws(OutputSink.ReaderGone) {
        switch format {
        case .json: try sink.write("[")
        case .csv, .tsv: try sink.write(columns.map(header) ?? "")
        case .text, .ndjson: break
        }
    }

    /// Writes what ends the output (also after a failure, so an array is still one JSON
    /// value).
    func close() throws(OutputSink.ReaderGone) {
        try sink.write(format == .json ? (wroteElement ? "\n]\n" : "]\n") : "")
    }

    /// Writes `items`. A jq error on an item is said on stderr (through `report`) and
    /// that item's outputs are skipped, as jq does.
    func write(_ items: ArraySlice<Item>, report: (String) -> Void) throws(OutputSink.ReaderGone) {
        for item in items {
            if let jq {
                try run(jq, on: item, report: report)
                continue
            }
            switch format {
            case .text: pending += textPrinter.line(item) + "\n"
            case .ndjson, .json: pending += element(jsonPrinter.line(item))
            case .csv, .tsv:
                let json = jsonPrinter.line(item)
                if columns == nil {
                    let chosen = ItemColumns.choose(fields: fields, first: item)
                    columns = chosen
                    pending += header(chosen)
                }
                pending += DelimitedText.record(columns?.cells(of: item, json: json) ?? [], delimited, formulaSafe: formulaSafe)
            }
            if pending.utf8.count >= Self.flushBytes { try flush() }
        }
        try flush()
    }

    /// The program's outputs on `item`, written as they come (`flushBytes` at a time): a
    /// reader that went away stops the program.
    private func run(_ jq: JQProgram, on item: Item, report: (String) -> Void) throws(OutputSink.ReaderGone) {
        let json = Data(jsonPrinter.line(item).utf8)
        do {
            try jq.run(onJSON: json) { output in
                pending += element(jqText(output))
                if pending.utf8.count >= Self.flushBytes { try flush() }
            }
        } catch let gone as OutputSink.ReaderGone {
            throw gone
        } catch {
            jqErrors += 1
            if case .runtime(_, let code) = error as? JQError { lastJQExitCode = code } else { lastJQExitCode = 5 }
            report((error as? JQError)?.message ?? "\(error)")
        }
    }

    /// Writes what is gathered.
    private func flush() throws(OutputSink.ReaderGone) {
        guard !pending.isEmpty else { return }
        defer { pending = "" }
        try sink.write(pending)
    }

    /// One value of `--format json`'s array, or one line of ndjson.
    private func element(_ value: String) -> String {
        guard format == .json else { return value + "\n" }
        defer { wroteElement = true }
        return (wroteElement ? ",\n" : "\n") + value
    }

    /// A jq output as `jq -c` (or `jq -r` with `--raw`) prints it: a raw string as it is,
    /// a JSON value with its controls escaped (jq leaves the C1 controls raw).
    private func jqText(_ output: JQOutput) -> String {
        if raw, case .string(let text) = output { return text }
        return ExportJSON.escapingControls(output.jsonText)
    }

    private var delimited: DelimitedText.Format { format == .tsv ? .tsv : .csv }

    private func header(_ columns: ItemColumns) -> String {
        DelimitedText.record(columns.paths, delimited, formulaSafe: formulaSafe)
    }
}
