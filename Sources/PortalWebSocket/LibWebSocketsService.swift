import CWebSockets
import Foundation
import PortalCore
import Synchronization

/// The one libwebsockets context of the process and the thread that serves it: every
/// WebSocket portal opens is a client of it. One, not one per connection: lws 4.1 keeps
/// OpenSSL's per-connection data under an index each context takes anew at its creation,
/// so contexts made side by side would lose track of each other's TLS connections.
///
/// The thread sleeps in lws_service (poll) until a socket or a timer needs it, or another
/// thread asks for it (`wake`: lws_cancel_service). Then it carries out what was asked —
/// a connection to open, a message to send, a close, room made by the reader — as lws
/// requires, on its own thread. Made on the first WebSocket; it lives as long as the process.
///
/// `@unchecked Sendable`, and why that is safe: `context` is set once before the thread
/// starts and lws_cancel_service is the one lws call made on it from other threads (lws
/// allows that); `connections`, `vhosts`, `protocols` and `nextID` are used on the service
/// thread only; the requests from other threads wait in `inbox`, a mutex.
final class LibWebSocketsService: @unchecked Sendable {
    /// What a vhost sets (lws keeps the proxy and the trusted CAs per vhost): connections
    /// with the same settings share one.
    struct VhostSettings: Hashable, Sendable {
        var proxy: String
        var trustedCertificates: String?
        var timeoutSeconds: Int
    }

    struct Inbox {
        var opening: [(LibWebSocketsConnection, VhostSettings)] = []
        var woken: [LibWebSocketsConnection] = []
    }

    static let shared = LibWebSocketsService()

    let inbox = Mutex(Inbox())
    private(set) var context: OpaquePointer?
    // The service thread's.
    var connections: [Int: LibWebSocketsConnection] = [:]
    private var vhosts: [VhostSettings: OpaquePointer] = [:]
    private var nextID = 1
    /// The protocol list every vhost points at (lws keeps the pointer), and the names
    /// vhosts are given, kept for the life of the process as lws requires.
    private let protocols: UnsafeMutablePointer<lws_protocols>
    private var vhostNames: [UnsafeMutablePointer<CChar>] = []
    /// The most lws hands the callback at once; larger messages come in pieces.
    static let receiveChunk = 64 * 1024
    /// The system's CA bundle, the one Debian's libcurl reads (OpenSSL's default paths,
    /// /etc/ssl/certs, are trusted besides).
    static let systemCertificates = "/etc/ssl/certs/ca-certificates.crt"

    private init() {
        protocols = .allocate(capacity: 2)
        protocols.initialize(to: portal_lws_protocol({ LibWebSocketsService.dispatch($0, $1, $2, $3, $4) }, LibWebSocketsService.receiveChunk))
        (protocols + 1).initialize(to: lws_protocols())
        context = portal_lws_context(Unmanaged.passUnretained(self).toOpaque(), 30)
        guard context != nil else { return }
        let thread = Thread { [self] in run() }
        thread.name = "portal-websocket"
        thread.start()
    }

    /// Asks the thread to open `connection` (its `connect` waits for the outcome).
    func add(_ connection: LibWebSocketsConnection, settings: VhostSettings) {
        guard let context else {
            connection.opened(.failure(TransportError.connectionFailed("libwebsockets could not start")))
            return
        }
        inbox.withLock { $0.opening.append((connection, settings)) }
        lws_cancel_service(context)
    }

    /// Asks the thread to look at `connection` again: something to send or close, room
    /// made, or its opening cancelled.
    func wake(_ connection: LibWebSocketsConnection) {
        guard let context else { return }
        inbox.withLock { inbox in
            if !inbox.woken.contains(where: { $0 === connection }) { inbox.woken.append(connection) }
        }
        lws_cancel_service(context)
    }

    private func run() {
        while true {
            _ = lws_service(context, 0)
            serveInbox()
        }
    }

    /// Carries out what other threads asked (also called from the callback when lws
    /// reports the wake-up, so it is done even while lws_service keeps going).
    func serveInbox() {
        let asked = inbox.withLock { inbox in
            defer { inbox = Inbox() }
            return inbox
        }
        for (connection, settings) in asked.opening { start(connection, settings) }
        for connection in asked.woken where connection.id != 0 { look(at: connection) }
    }

    private func start(_ connection: LibWebSocketsConnection, _ settings: VhostSettings) {
        if connection.shared.withLock({ $0.cancelled }) { return }
        guard let vhost = vhost(settings) else {
            connection.opened(.failure(TransportError.connectionFailed("libwebsockets could not set up the connection (are the trusted certificates readable?)")))
            return
        }
        connection.id = nextID
        nextID += 1
        connections[connection.id] = connection
        let target = connection.target
        let wsi = portal_lws_connect(context, vhost, target.address, Int32(target.port), target.secure ? 1 : 0, target.path, target.host,
                                     target.subprotocols, UnsafeMutableRawPointer(bitPattern: connection.id))
        if wsi == nil {
            // lws failed at once; the callback may have said why already.
            fail(connection, TransportError.connectionFailed("libwebsockets could not start the connection"))
        } else if connections[connection.id] != nil {
            connection.wsi = wsi
        }
    }

    private func vhost(_ settings: VhostSettings) -> OpaquePointer? {
        if let known = vhosts[settings] { return known }
        let name = strdup("portal-\(vhosts.count)")
        guard let name else { return nil }
        vhostNames.append(name)
        // Always a file: without one, Debian's lws also trusts a folder "../share" (its
        // LWS_OPENSSL_CLIENT_CERTS), relative to wherever portal was started.
        let made = portal_lws_vhost(context, protocols, name, settings.proxy, settings.trustedCertificates ?? Self.systemCertificates,
                                    Int32(settings.timeoutSeconds))
        if let made { vhosts[settings] = made }
        return made
    }

    /// Acts on what was asked of `connection`.
    private func look(at connection: LibWebSocketsConnection) {
        guard let wsi = connection.wsi, connections[connection.id] != nil else { return }
        let (cancelled, sending, closing, room) = connection.shared.withLock { shared in
            (shared.cancelled, !shared.outgoing.isEmpty, shared.closing != nil, shared.queuedBytes < connection.maxMessageBytes)
        }
        if !connection.established {
            if cancelled || closing {
                forget(connection)
                portal_lws_abandon(wsi)
            }
            return
        }
        if sending || closing { lws_callback_on_writable(wsi) }
        if connection.paused, room {
            connection.paused = false
            lws_rx_flow_control(wsi, 1)
        }
    }

    /// The connection failed before its upgrade finished.
    func fail(_ connection: LibWebSocketsConnection, _ error: TransportError) {
        forget(connection)
        connection.end(.closed(code: nil, reason: error.description))
        connection.opened(.failure(error))
    }

    /// lws's callbacks for it are not acted on any more.
    func forget(_ connection: LibWebSocketsConnection) {
        connections[connection.id] = nil
        connection.wsi = nil
    }
}
