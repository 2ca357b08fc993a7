import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import PortalCore
import PortalDemoModels
import PortalServers
import ServiceLifecycle
import PortalJSON

/// `GET /api/character/events` with `--churn`: every change to the characters as a
/// server-sent event (`text/event-stream`), as it happens.
///
/// ```
/// retry: 1000
/// id: 17
/// event: updated
/// data: {"type":"updated","record":{"id":5,"name":"Goldenfold (edit 1)",…}}
/// ```
///
/// Each event's `id:` is the change's number. A connection without `Last-Event-ID` starts
/// at the latest change and says so at once (`id: N` and a blank line: no event, but the
/// client's last event id is N, so a reconnection gets everything after it). With
/// `Last-Event-ID: N` the changes after N are replayed from the log (the last
/// `CharacterChurn.logCapacity`), then the stream goes on; an N the log no longer
/// reaches (or not of this run) gets one `event: reset` (`{"type":"reset","reason":…}`):
/// read the list again. A comment (`: heartbeat`) goes out after `heartbeat` with nothing
/// else sent. The stream ends when the client goes or the mirror shuts down.
enum ChurnEventStream {
    static let path = "/api/character/events"
    /// What `retry:` tells a client to wait before reconnecting, in milliseconds.
    static let retryMilliseconds = 1000

    /// The answer to one request for the stream.
    static func response(_ churn: CharacterChurn, lastEventID: String?, publicRoot: BaseURL, heartbeat: Duration) -> Response {
        let encoding = APIJSONEncoding(baseURL: publicRoot)
        var fields = HTTPFields()
        fields[.contentType] = "text/event-stream; charset=utf-8"
        fields[.cacheControl] = "no-cache"
        let body = ResponseBody { writer in
            var sent: Int
            var opening = "retry: \(retryMilliseconds)\n: portal-mirror --churn \(churn.rate)\n"
            let start = churn.changes(after: 0).latest
            if let lastEventID {
                sent = Int(lastEventID.trimmingCharacters(in: .whitespaces)) ?? -1
                if churn.changes(after: sent).changes == nil {
                    opening += reset(start, "events after \(Sanitize.line(lastEventID)) are no longer kept (the mirror keeps the last \(churn.logCapacity))")
                    sent = start
                }
            } else {
                sent = start
                opening += "id: \(start)\n\n"
            }
            try await writer.write(ByteBuffer(string: opening))
            var lastWrite = ContinuousClock.now
            while !Task.isCancelled, !Task.isShuttingDownGracefully {
                let (changes, latest) = churn.changes(after: sent)
                var text = ""
                if let changes {
                    for change in changes { text += event(change, encoding) }
                } else {
                    text += reset(latest, "events after \(sent) are no longer kept (the mirror keeps the last \(churn.logCapacity))")
                }
                sent = latest
                if text.isEmpty, ContinuousClock.now - lastWrite >= heartbeat { text = ": heartbeat\n\n" }
                if !text.isEmpty {
                    try await writer.write(ByteBuffer(string: text))
                    lastWrite = .now
                }
                // Until the next change is due (by the churn's clock), a heartbeat, or a
                // quarter second, whichever is first: shutdown is looked at that often.
                let untilChange = churn.due(sent + 1) - churn.now()
                let untilHeartbeat = lastWrite + heartbeat - .now
                let wait = min(max(untilChange, .milliseconds(1)), untilHeartbeat, .milliseconds(250))
                try? await Task.sleep(for: max(wait, .milliseconds(1)))
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: fields, body: body)
    }

    static func event(_ change: ChurnChange, _ encoding: APIJSONEncoding) -> String {
        var w = JSONWriter(reserving: 1024)
        w.beginObject()
        w.field("type", change.kind.rawValue)
        w.key("record")
        encoding.write(change.record, into: &w)
        w.endObject()
        return "id: \(change.number)\nevent: \(change.kind.rawValue)\ndata: \(w.string)\n\n"
    }

    static func reset(_ latest: Int, _ reason: String) -> String {
        var w = JSONWriter()
        w.beginObject()
        w.field("type", "reset")
        w.field("reason", reason)
        w.endObject()
        return "id: \(latest)\nevent: reset\ndata: \(w.string)\n\n"
    }
}
