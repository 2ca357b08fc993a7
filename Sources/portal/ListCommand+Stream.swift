import ArgumentParser
import Foundation
import PortalCore
import PortalPaging
import PortalJQ
import PortalExport

/// `portal list`'s output side: the range, the format, jq, and the loop that streams the
/// pages (`ListStream`) into stdout, with progress on a terminal's stderr.
extension ListCommand {
    /// The exit status of a run whose jq program failed on an item (jq's own: 5).
    static let jqRuntimeStatus: Int32 = 5

    /// The range asked for (`--from`, `--to`).
    var range: ItemRange {
        get throws {
            do { return try ItemRange(from: from, to: to) } catch { throw ValidationError(error.description) }
        }
    }

    /// The format, `--json` being `--format ndjson`.
    var chosenFormat: ListFormat { format ?? (json ? .ndjson : .text) }

    /// Usage errors of the output options (exit 2).
    func validateOutput() throws {
        _ = try range
        if json, let format, format != .ndjson {
            throw ValidationError("--json is --format ndjson; it cannot go with --format \(format.rawValue)")
        }
        if jq != nil, let format, !format.printsJSON {
            throw ValidationError("--jq prints JSON values: give --format ndjson or json (for CSV, let jq make it: --jq '[.id,.name] | @csv' --raw)")
        }
        if raw, jq == nil { throw ValidationError("--raw goes with --jq") }
        if raw, chosenFormat == .json { throw ValidationError("--raw prints text, not the JSON array of --format json") }
        if csvSafe, chosenFormat != .csv, chosenFormat != .tsv {
            throw ValidationError("--csv-safe goes with --format csv or tsv (it guards cells a spreadsheet would run as formulas)")
        }
    }

    /// The output for the options, the jq program compiled: a program jq refuses is its
    /// message on stderr and exit 2, before any request.
    func makeOutput() -> ListOutput {
        var program: JQProgram?
        if let jq {
            do {
                program = try JQProgram(compile: jq)
            } catch {
                let message = (error as? JQError)?.message ?? "\(error)"
                StandardStreams.error(lines: message.split(separator: "\n", omittingEmptySubsequences: true).map(String.init))
                Foundation.exit(2)
            }
        }
        let format = jq != nil && chosenFormat == .text ? .ndjson : chosenFormat
        return ListOutput(format: format, jq: program, raw: raw, fields: source.request.cardFields, formulaSafe: csvSafe)
    }

    /// Streams `query`'s list of `listed` into stdout: each page written and forgotten,
    /// `--limit` and the range honoured, a reader that went away (`| head`) ending it
    /// quietly with status 0 and no further request.
    func stream(_ listed: any Source, _ query: ListQuery, _ transport: any Transport, noun: String, output: ListOutput) async throws {
        let range = try self.range
        let fetcher = PageFetcher(transport: transport, strategy: SourcePages(source: listed, query: query))
        let list = ListStream(source: listed, query: query, range: range, fetcher: fetcher)
        let progress = ProgressLine()
        defer { progress.clear() }
        var notes = ListNotes()
        var printed = 0
        let end: ListStream.End
        do {
            try output.open()
            end = try await list.run { page, items in
                notes.read(page, total: list.totalCount, say: progress.say)
                let wanted = limit.map { items.prefix(max(0, $0 - printed)) } ?? items
                printed += wanted.count
                try output.write(wanted, report: progress.say)
                progress.update(items: printed, expected: Self.expected(range, total: list.totalCount, limit: limit))
                return limit.map { printed < $0 } ?? true
            }
        } catch is OutputSink.ReaderGone {
            return
        } catch let failure as ListStream.Failure {
            // What was read is printed; the array closed; then the one line of why.
            progress.clear()
            try? output.close()
            throw RuntimeFailure(failure.afterItsItems
                ? "\(failure.failure.message) (after \(printed) items, page \(failure.page))"
                : "page \(failure.page) failed after \(printed) items: \(failure.failure.message)")
        }
        progress.clear()
        do { try output.close() } catch { return }
        if output.jqErrors > 0 { Foundation.exit(Int32(clamping: output.lastJQExitCode == 0 ? 5 : output.lastJQExitCode)) }
        if case .endsBefore(let position) = end, position > 1 {
            progress.say("the list ends before item \(position)\(list.totalCount.map { " (it has \($0))" } ?? "")")
        } else if printed == 0, range == .all {
            progress.say("no \(noun) match")
        }
    }

    /// How many items the run will print, when known: the range's count, the list's total
    /// past `from`, and `--limit`, whichever is least.
    static func expected(_ range: ItemRange, total: Int?, limit: Int?) -> Int? {
        let counts = [range.count, total.map { max(0, $0 - range.from + 1) }, limit].compactMap { $0 }
        return counts.min()
    }
}

/// The once-per-run notes of `portal list` on stderr: the disk cache standing in for the
/// network, a server's estimate, a total past what portal counts, and each page's notice
/// (`PageContent.notice`: a GraphQL partial answer) once per distinct text.
struct ListNotes {
    /// Distinct notices said at most: a server erring on every page says one or a few.
    static let noticeCapacity = 20
    private var saidStale = false
    private var saidEstimate = false
    private var saidCapped = false
    private var saidNotices: Set<String> = []

    mutating func read(_ page: PageContent<Item>, total: Int?, say: (String) -> Void) {
        if !saidStale, let cache = page.cache, cache.source == .stale {
            saidStale = true
            let why = cache.networkUnavailable.map(Sanitize.line) ?? "the network failed"
            say("\(why); showing answers \(cache.label(now: Date()) ?? "cached")")
        }
        if !saidEstimate, let estimate = ReportedCount.plausible(page.estimatedTotal) {
            saidEstimate = true
            say("≈ \(estimate) rows (the server's estimate)")
        }
        if !saidCapped, let note = ReportedCount.note(for: total) {
            saidCapped = true
            say(note)
        }
        if let notice = page.notice, saidNotices.count < Self.noticeCapacity, saidNotices.insert(notice).inserted {
            say(notice)
        }
    }
}
