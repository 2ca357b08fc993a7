import Foundation
import Synchronization
import PortalJSON

/// Wraps any transport and appends one JSON line per request to a file:
/// `{"url":…,"status":…,"ms":…,"bytes":…}` (status 0 and an `error` when no answer came).
///
/// This is how request counts are checked from outside the process (`--trace`), for the
/// snapshot as well as the network. Behind an on-disk cache each line also says
/// `"cache": "hit" | "revalidated" | "miss" | "stale"`; a line without `ms` (a cache hit,
/// or `--offline` finding nothing) never went over the network, so the requests are
/// exactly the lines with `ms`.
/// An answer that came through a proxy names it: `"proxy": "http://host:port"`.
/// A trace that cannot be written (a full disk, `/dev/full`) must not take the program
/// down: the first failed write stops tracing and is kept in `writeFailure` for the
/// command to report once, when it is done.
public final class TracingTransport: Transport {
    private struct Log {
        var handle: FileHandle?
        var failure: String?
    }

    private let inner: any Transport
    private let path: String
    private let log: Mutex<Log>

    /// Opens (creating if needed) `path` for appending.
    public init(wrapping inner: any Transport, path: String) throws {
        self.inner = inner
        self.path = path
        if !FileManager.default.fileExists(atPath: path) {
            guard FileManager.default.createFile(atPath: path, contents: nil) else {
                throw PortalError.cannotWrite(path)
            }
        }
        guard let handle = FileHandle(forWritingAtPath: path) else { throw PortalError.cannotWrite(path) }
        do {
            try handle.seekToEnd()
        } catch {
            // A device such as /dev/full cannot seek; appending to it is still a write.
        }
        log = Mutex(Log(handle: handle))
    }

    /// Why tracing stopped (`cannot write PATH: …`), if a write failed.
    public var writeFailure: String? { log.withLock { $0.failure } }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await send(request, through: inner)
    }

    /// `other` traced into the same file: for requests that go around the caches (the
    /// sign-in, refresh and token requests of a session), so the trace still lists every
    /// request. A line holds the URL, status, time and size only: never a header or a body,
    /// so no password, token or key reaches the trace.
    public func tracing(_ other: any Transport) -> any Transport {
        TracedSide(tracer: self, inner: other)
    }

    private struct TracedSide: Transport {
        let tracer: TracingTransport
        let inner: any Transport
        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            try await tracer.send(request, through: inner)
        }
    }

    private func send(_ request: HTTPRequest, through inner: any Transport) async throws -> HTTPResponse {
        let start = ContinuousClock.now
        do {
            let response = try await inner.send(request)
            let cache = response.cache
            record(request, status: response.status, bytes: response.body.count,
                   since: cache?.source == .hit ? nil : start, error: cache?.source == .stale ? cache?.networkUnavailable : nil,
                   cache: cache?.source.rawValue, proxy: response.proxy)
            return response
        } catch TransportError.notInCache {
            record(request, status: 0, bytes: 0, since: nil, error: TransportError.notInCache.description, cache: CacheStatus.Source.miss.rawValue)
            throw TransportError.notInCache
        } catch {
            // A request the browser gave up on (the user scrolled far past its page).
            let reason = error is CancellationError || Task.isCancelled ? "cancelled" : "\(error)"
            record(request, status: 0, bytes: 0, since: start, error: reason, cache: nil)
            throw error
        }
    }

    /// `start` is nil for an answer that never went over the network: no `ms` then.
    private func record(_ request: HTTPRequest, status: Int, bytes: Int, since start: ContinuousClock.Instant?, error: String?, cache: String?, proxy: String? = nil) {
        var w = JSONWriter()
        w.beginObject()
        w.field("url", URLRedaction.redacted(request.url.absoluteString))
        w.field("status", status)
        if let start {
            let elapsed = ContinuousClock.now - start
            let ms = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
            w.key("ms")
            w.raw(String(format: "%.2f", ms).utf8)
        }
        w.field("bytes", bytes)
        if let cache { w.field("cache", cache) }
        if let proxy { w.field("proxy", proxy) }
        if let error { w.field("error", error) }
        w.endObject()
        append(Data(w.bytes + [0x0A]))
    }

    /// A line that is no request: what portal decided (`{"note":"dialect","items":…}`),
    /// so a trace says why the requests after it look as they do. Its fields are
    /// `name → text`, in order; no header value is ever passed here.
    public func note(_ kind: String, _ fields: [(String, String)]) {
        var w = JSONWriter()
        w.beginObject()
        w.field("note", kind)
        // A URL in a note shows no user or password.
        for (name, value) in fields { w.field(name, URLRedaction.redacted(value)) }
        w.endObject()
        append(Data(w.bytes + [0x0A]))
    }

    /// Writes `{"idle":true}`: the browser has nothing in flight and nothing left to
    /// handle after the events so far. Scripts and tests wait for it instead of guessing
    /// from a trace that stopped growing.
    public func markIdle() {
        append(Data(#"{"idle":true}"#.utf8 + [0x0A]))
    }

    private func append(_ line: Data) {
        log.withLock { log in
            guard let handle = log.handle else { return }
            do {
                try handle.write(contentsOf: line)
            } catch {
                log.failure = "cannot write the trace to \(path): \(Self.reason(error)); tracing stopped"
                log.handle = nil
                try? handle.close()
            }
        }
    }

    private static func reason(_ error: any Error) -> String {
        let ns = error as NSError
        if let posix = ns.userInfo[NSUnderlyingErrorKey] as? NSError, posix.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(posix.code)))
        }
        if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(ns.code))) }
        return ns.localizedDescription
    }
}
