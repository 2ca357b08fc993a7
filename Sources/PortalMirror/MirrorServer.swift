import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import PortalCore
import ServiceLifecycle
import Synchronization
import UnixSignals

/// Starts and stops the mirror: one Hummingbird application in a `ServiceGroup`.
///
/// `start` returns once the socket is bound (so with port 0 the chosen port is known) or
/// throws a `MirrorError` when it cannot be (port taken, data missing). Tests start it
/// in-process; the executable adds the SIGINT/SIGTERM graceful shutdown.
public enum MirrorServer {
    ///
    /// With `handleSignals`, SIGINT and SIGTERM shut it down gracefully.
    /// `data`, when given, is served instead of reading `options.dataFolder` (tests load the
    /// snapshot once); its `scale` is replaced by `options.scale`.
    public static func start(
        _ options: MirrorOptions, data preloaded: MirrorData? = nil, handleSignals: Bool = false
    ) async throws -> RunningMirror {
        if let problem = options.faults.problem { throw MirrorError.invalidOption(problem) }
        if let scale = options.scale, scale < 1 { throw MirrorError.invalidOption("--scale must be at least 1") }
        if let every = options.growEvery, every < .milliseconds(1) { throw MirrorError.invalidOption("--grow-every must be at least 1ms") }
        if let churn = options.churn, !(1...1_000_000).contains(churn) { throw MirrorError.invalidOption("--churn must be between 1 and 1000000 changes a second") }
        if options.churn != nil, options.growEvery != nil { throw MirrorError.invalidOption("--churn and --grow-every both change the characters; give one") }
        if options.requireKey?.isEmpty == true { throw MirrorError.invalidOption("--require-key must not be empty") }
        if !(options.tokenTTL > 0) { throw MirrorError.invalidOption("--token-ttl must be more than 0 seconds") }
        let auth = options.authUsers.isEmpty ? nil : MirrorAuth(users: options.authUsers, tokenTTL: options.tokenTTL)
        if !options.authUsers.isEmpty, !options.oauthClients.isEmpty {
            throw MirrorError.invalidOption("--oauth-client and --auth-user both take Authorization; give one")
        }
        let oauth = options.oauthClients.isEmpty ? nil : MirrorOAuth(clients: options.oauthClients, tokenTTL: options.tokenTTL)
        var loaded: MirrorData
        if let preloaded {
            loaded = preloaded
            loaded.scale = options.scale
        } else {
            do {
                loaded = try MirrorData.load(folder: options.dataFolder, scale: options.scale)
            } catch let error as PortalError {
                throw MirrorError.data(error.description)
            }
        }
        loaded.growEvery = options.growEvery
        loaded.churn = options.churn
        loaded.churnSeed = options.faults.seed ?? 0
        loaded.heartbeat = options.heartbeat
        let data = loaded
        let requestLog = try RequestLog(options.log)
        let state = MirrorState(
            faults: FaultInjector(options.faults),
            limiter: options.faults.rateLimit.map { RateLimiter(limit: $0, window: options.faults.rateWindow, headers: options.faults.rateHeaders) },
            log: requestLog)
        if options.port != 0 {
            state.install(MirrorRoutes(data: data, publicURL: options.publicURL ?? defaultPublicURL(host: options.host, port: options.port), requireKey: options.requireKey, auth: auth, oauth: oauth))
        }

        let bound = BindSignal()
        var logger = Logger(label: "portal-mirror")
        logger.logLevel = .critical
        let app = Application(
            responder: MirrorResponder(state: state),
            // A rejected request (a header or path of 1 MB) closes its connection fully.
            // `/graphql` upgrades to a WebSocket (graphql-transport-ws; MirrorSockets.swift).
            // A request refused before its head is read ends the upgrade's negotiation, not an
            // HTTP exchange: FullClosingChildChannel closes that connection too.
            server: HTTPServerBuilder { responder in
                FullClosingChildChannel(base: HTTP1WebSocketUpgradeChannel(
                    responder: responder,
                    configuration: .init(http1: .init(additionalChannelHandlers: [FullCloseAfterError()]), ws: .init(maxFrameSize: 1 << 20)),
                    shouldUpgrade: { request, _, _ in state.webSocketUpgrade(request) }))
            },
            configuration: ApplicationConfiguration(address: .hostname(options.host, port: options.port), serverName: nil),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? options.port
                if !state.isInstalled {
                    state.install(MirrorRoutes(data: data, publicURL: options.publicURL ?? defaultPublicURL(host: options.host, port: port), requireKey: options.requireKey, auth: auth, oauth: oauth))
                }
                bound.succeed(port)
            },
            logger: logger)
        let group = ServiceGroup(configuration: .init(services: [app], gracefulShutdownSignals: handleSignals ? [.sigint, .sigterm] : [], logger: logger))
        let task = Task(executorPreference: options.ownThreads ? MirrorThreads.shared : nil) {
            do {
                try await group.run()
                bound.fail(MirrorError.stoppedBeforeListening)
            } catch {
                bound.fail(error)
                throw error
            }
        }
        do {
            let port = try await bound.value
            return RunningMirror(host: options.host, port: port, group: group, task: task, publicURL: state.publicURL ?? "",
                                 churn: state.current?.churn, realtime: state.current?.realtime.ledger)
        } catch {
            _ = try? await task.value
            throw MirrorError.cannotListen(host: options.host, port: options.port, describe(error))
        }
    }

    /// `http://HOST:PORT/api`, with IPv6 hosts in brackets.
    public static func defaultPublicURL(host: String, port: Int) -> String {
        "http://\(hostForURL(host)):\(port)/api"
    }

    static func hostForURL(_ host: String) -> String {
        host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
    }

    private static func describe(_ error: any Error) -> String {
        if let io = error as? IOError {
            if io.errnoCode == EADDRINUSE { return "address already in use" }
            if io.errnoCode == EACCES { return "permission denied" }
            if io.errnoCode == EADDRNOTAVAIL { return "address not available" }
            return "\(io)"
        }
        return "\(error)"
    }
}

/// A mirror that is serving; `stop()` shuts it down gracefully.
public final class RunningMirror: Sendable {
    public let host: String
    public let port: Int
    /// The Rick and Morty API root links point at (e.g. `http://127.0.0.1:PORT/api`).
    public let publicURL: String
    /// `--churn`: the changes being made (a test predicts the events from it).
    public let churn: CharacterChurn?
    /// Realtime's tokens renewed and channels shut for their token.
    public let realtime: RealtimeLedger?
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    init(host: String, port: Int, group: ServiceGroup, task: Task<Void, any Error>, publicURL: String, churn: CharacterChurn?, realtime: RealtimeLedger?) {
        self.churn = churn
        self.realtime = realtime
        self.host = host
        self.port = port
        self.group = group
        self.task = task
        self.publicURL = publicURL
    }

    /// `http://HOST:PORT`, where the server listens.
    public var origin: String { "http://\(MirrorServer.hostForURL(host)):\(port)" }

    /// Waits until the server stops (a shutdown signal or `stop()`).
    public func wait() async throws {
        try await task.value
    }

    /// Graceful shutdown: stops accepting, finishes what is in flight, and returns when done.
    public func stop() async {
        await group.triggerGracefulShutdown()
        _ = try? await task.value
    }
}

/// Why the mirror could not start, as one line.
public enum MirrorError: Error, CustomStringConvertible, Equatable {
    case data(String)
    case invalidOption(String)
    case cannotListen(host: String, port: Int, String)
    case stoppedBeforeListening

    public var description: String {
        switch self {
        case .data(let why): why
        case .invalidOption(let why): why
        case .cannotListen(let host, let port, let why): "cannot listen on \(host):\(port): \(why)"
        case .stoppedBeforeListening: "the server stopped before it listened"
        }
    }
}

/// Resolved once with the bound port, or with the error that prevented binding.
private final class BindSignal: Sendable {
    private enum State {
        case waiting([CheckedContinuation<Int, any Error>])
        case done(Result<Int, any Error>)
    }
    private let state = Mutex<State>(.waiting([]))

    func succeed(_ port: Int) { finish(.success(port)) }
    func fail(_ error: any Error) { finish(.failure(error)) }

    private func finish(_ result: Result<Int, any Error>) {
        let waiters: [CheckedContinuation<Int, any Error>] = state.withLock { state in
            guard case .waiting(let waiters) = state else { return [] }
            state = .done(result)
            return waiters
        }
        for waiter in waiters { waiter.resume(with: result) }
    }

    var value: Int {
        get async throws {
            try await withCheckedThrowingContinuation { continuation in
                let ready: Result<Int, any Error>? = state.withLock { state in
                    switch state {
                    case .waiting(var waiters):
                        waiters.append(continuation)
                        state = .waiting(waiters)
                        return nil
                    case .done(let result):
                        return result
                    }
                }
                if let ready { continuation.resume(with: ready) }
            }
        }
    }
}
