import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import PortalCore
import PortalServers
import Synchronization

/// The request context: Hummingbird's core storage plus the connection, which the drop
/// fault closes and the rate limiter reads the client address from.
public struct MirrorContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    public let channel: any Channel

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }
}

/// What every request shares: the dialects (installed once the port is known), the fault
/// generator, the rate limiter and the log.
final class MirrorState: Sendable {
    private let routes = Mutex<MirrorRoutes?>(nil)
    let faults: FaultInjector
    let limiter: RateLimiter?
    let log: RequestLog

    init(faults: FaultInjector, limiter: RateLimiter?, log: RequestLog) {
        self.faults = faults
        self.limiter = limiter
        self.log = log
    }

    func install(_ routes: MirrorRoutes) { self.routes.withLock { $0 = routes } }
    var isInstalled: Bool { routes.withLock { $0 != nil } }
    var current: MirrorRoutes? { routes.withLock { $0 } }
    var publicURL: String? { current?.publicRoot.text }
}

/// Answers every request: rate limit, then the drawn fault and delay, then the dialect's
/// answer (cut short when the fault says so); one log line each.
struct MirrorResponder: HTTPResponder {
    typealias Context = MirrorContext
    let state: MirrorState

    static let tooMany = "Too many requests, please try again later."

    func respond(to request: Request, context: MirrorContext) async throws -> Response {
        let start = ContinuousClock.now
        let method = request.method.rawValue
        let target = request.head.path ?? "/"

        // The rate limit's headers go on every answer, the refused one's too.
        var rateFields: [String: String] = [:]
        if let limiter = state.limiter {
            let client = context.channel.remoteAddress?.ipAddress ?? "unknown"
            let count = limiter.count(client)
            rateFields = limiter.headers.fields(count, window: limiter.window)
            if !count.admitted {
                var response = Self.throttled()
                response.headers["retry-after"] = "\(count.resetIn)"
                response.headers.merge(rateFields) { _, rate in rate }
                state.log.record(method: method, target: target, status: response.status, since: start, note: "rate-limited")
                return Self.convert(response)
            }
        }

        let (decision, delayMS) = state.faults.draw()
        if delayMS > 0 { try? await Task.sleep(for: .milliseconds(delayMS)) }

        switch decision {
        case .drop:
            state.log.record(method: method, target: target, status: nil, since: start, note: "dropped")
            try? await context.channel.close()
            // The channel is closed: writing this fails quietly and the client sees no answer.
            return Response(status: .internalServerError)
        case .error(let status):
            let response = RickAndMortyRules.error(status, status == 503 ? "Service Unavailable" : "Internal Server Error")
            state.log.record(method: method, target: target, status: status, since: start, note: "fault")
            return Self.convert(response)
        case .throttle:
            let response = Self.throttled()
            state.log.record(method: method, target: target, status: 429, since: start, note: "fault")
            return Self.convert(response)
        case .truncate, .none:
            break
        }

        guard let routes = state.current else {
            return Self.convert(RickAndMortyRules.error(503, "Service Unavailable"))
        }
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name.canonicalName] = field.value }
        if let stream = routes.eventStream(method: method, target: target, headers: headers) {
            state.log.record(method: method, target: target, status: stream.status.code, since: start, note: "stream")
            return stream
        }
        // A POST's body (a function's arguments, a sign-in): 1 MiB at most.
        var body: Data?
        if method == "POST" {
            guard let buffer = try? await request.body.collect(upTo: 1_048_576) else {
                let response = RickAndMortyRules.error(413, "Payload Too Large")
                state.log.record(method: method, target: target, status: 413, since: start, note: nil)
                return Self.convert(response)
            }
            body = Data(buffer.readableBytesView)
        }
        var response = await routes.answer(method: method, target: target, headers: headers, body: body)
        // ETag on every 2xx, 304 for a matching If-None-Match (see EntityTag).
        response = EntityTag.apply(to: response, ifNoneMatch: headers["if-none-match"])
        var note: String?
        if case .truncate(let fraction) = decision {
            response.body = response.body.prefix(FaultInjector.cutLength(response.body.count, fraction: fraction))
            note = "truncated"
        }
        response.headers.merge(rateFields) { _, rate in rate }
        state.log.record(method: method, target: target, status: response.status, since: start, note: note)
        return Self.convert(response)
    }

    static func throttled() -> PortalCore.HTTPResponse {
        var response = RickAndMortyRules.error(429, tooMany)
        response.headers["retry-after"] = "1"
        return response
    }

    /// PortalCore's answer as Hummingbird's; Content-Length follows the (possibly cut) body.
    static func convert(_ answer: PortalCore.HTTPResponse) -> Response {
        var fields = HTTPFields()
        for (name, value) in answer.headers.sorted(by: { $0.key < $1.key }) {
            if let fieldName = HTTPField.Name(name) { fields[fieldName] = value }
        }
        return Response(
            status: .init(code: answer.status),
            headers: fields,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body)))
    }
}

/// One line per request — `GET /api/character?page=2 200 0.84ms` — to stdout or a file,
/// written unbuffered so a reader of the pipe sees each line at once.
final class RequestLog: Sendable {
    private let handle: Mutex<FileHandle?>

    init(_ target: MirrorOptions.LogTarget) throws {
        switch target {
        case .none:
            handle = Mutex(nil)
        case .stdout:
            handle = Mutex(FileHandle.standardOutput)
        case .file(let path):
            if !FileManager.default.fileExists(atPath: path) {
                guard FileManager.default.createFile(atPath: path, contents: nil) else {
                    throw MirrorError.invalidOption("cannot write log file \(path)")
                }
            }
            guard let file = FileHandle(forWritingAtPath: path) else {
                throw MirrorError.invalidOption("cannot write log file \(path)")
            }
            file.seekToEndOfFile()
            handle = Mutex(file)
        }
    }

    func record(method: String, target: String, status: Int?, since start: ContinuousClock.Instant, note: String?) {
        let elapsed = ContinuousClock.now - start
        let ms = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        var line = "\(method) \(Sanitize.line(target)) \(status.map(String.init) ?? "-") \(String(format: "%.2f", ms))ms"
        if let note { line += " \(note)" }
        line += "\n"
        let data = Data(line.utf8)
        handle.withLock { $0?.write(data) }
    }
}
