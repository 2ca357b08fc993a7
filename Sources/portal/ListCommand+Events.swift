import ArgumentParser
import Foundation
import PortalCore
import PortalCurl
import PortalSources

/// `--events URL`: the list's changes as the server pushes them (server-sent events).
struct EventsOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "With --url: follow this text/event-stream of the list's changes and print each as an NDJSON line, {\"type\":\"created|updated|deleted|upserted\",\"key\":…,\"record\":{…},\"event_id\":\"…\"}, until interrupted or the server ends it (--limit N: after N changes). Reconnects with Last-Event-ID; the list's credentials go only to its own origin.",
        valueName: "url"))
    var events: String?
}

/// `portal list --url LIST --events URL`: prints the stream of the list's changes as NDJSON
/// records (`LiveChange.jsonLine`), one line a change, nothing else on stdout. What the
/// stream says besides changes goes to stderr, one line each: a reconnection and its wait,
/// an event that is not a change it can read, a reset (read the list again). The list
/// itself is not read: its URL gives the origin the credentials (`--header`,
/// `PORTAL_API_KEY`, a user in the URL) may go to.
///
/// Ends with status 0 when interrupted, when the server ends the stream (HTTP 204), after
/// `--limit` changes, or when the reader of stdout goes (`| head`); 1 when the server
/// refuses it (another status, not an event stream, a redirect to another origin).
extension ListCommand {
    func followEvents(_ text: String) async throws {
        guard let list = source.request.url, let listOrigin = SplitURL(list)?.origin else {
            throw ValidationError("--events goes with --url (the list whose changes it streams)")
        }
        guard SplitURL(text) != nil, let url = URL(string: text) else {
            throw ValidationError("--events '\(Sanitize.line(text))' must be an http(s) URL")
        }
        if (format != nil && format != .ndjson) || jq != nil || from != nil || to != nil || explain {
            throw ValidationError("--events prints one NDJSON line a change; --format, --jq, --from, --to and --explain do not go with it")
        }
        let source = EventSource(url: url, headers: try self.source.request.anyAPIHeaders(), credentialOrigin: listOrigin)
        let reader = ChangeReader(keyFields: ListSpec().keyFields)
        let sink = OutputSink(format: .ndjson)
        var printed = 0
        let end: String
        do {
            end = try await source.run(over: CurlStreamTransport()) { signal in
                switch signal {
                case .opened:
                    break
                case .event(let event):
                    switch reader.read(event) {
                    case .change(let change):
                        try sink.write(change.jsonLine + "\n")
                        printed += 1
                        if let limit, printed >= limit { throw EventsDone() }
                    case .reset(let why):
                        StandardStreams.error("\(Self.eventName(event)): \(why) (read the list again)")
                    case .problem(let why):
                        StandardStreams.error("\(Self.eventName(event)): \(why)")
                    case .ignored:
                        break
                    }
                case .note(let note):
                    StandardStreams.error(note)
                case .reconnecting(let wait, let why):
                    let seconds = Double(wait.components.seconds) + Double(wait.components.attoseconds) / 1e18
                    StandardStreams.error("\(Sanitize.line(why)); reconnecting in \(String(format: "%.1f", seconds)) s")
                }
            }
        } catch is EventsDone {
            return
        } catch is OutputSink.ReaderGone {
            return
        }
        guard end.hasSuffix("(HTTP 204)") else { throw RuntimeFailure("the events stream ended: \(Sanitize.line(end))") }
        StandardStreams.error(Sanitize.line(end))
    }

    private static func eventName(_ event: ServerSentEvent) -> String {
        event.lastEventID.isEmpty ? "an event" : "event \(Sanitize.line(event.lastEventID))"
    }
}

/// `--limit` changes printed.
private struct EventsDone: Error {}
