import CCurl
import Foundation
import PortalCore
import Synchronization

/// A thread that runs transfers on one curl multi handle: no transfer blocks Swift's
/// cooperative pool, connections are reused across requests (the multi handle keeps them),
/// and a finished easy handle is reset and kept for the next request (at most
/// `maxIdleHandles`). There are two, one per `RequestLane`: pages (`shared`) and pictures
/// (`pictures`), each with its own connections, name resolutions and DNS cache, so a
/// picture origin that is slow or does not resolve never holds up a page (issue 35, item
/// 18: a DRF list whose cards pointed at a CDN that did not resolve walked 180 items in
/// 10 s, one page waiting 5 s behind a picture's name resolution).
///
/// Each turn it takes new transfers in, drops cancelled ones, lets curl move every transfer
/// along, finishes what curl says is done, and ends transfers whose idle or overall
/// deadline passed; then it waits on the sockets until the nearest deadline, or until
/// `wake()` (a new transfer, a cancellation).
///
/// `@unchecked Sendable`, and why that is safe: the multi handle is used only on the loop's
/// own thread, but for `curl_multi_wakeup`, which libcurl documents as callable from any
/// thread; new transfers cross over through `inbox`, a mutex.
final class CurlLoop: @unchecked Sendable {
    /// The pages' loop: lists, items, links, tokens.
    static let shared = CurlLoop(name: "portal-curl")
    /// The pictures' loop.
    static let pictures = CurlLoop(name: "portal-curl-pictures")

    /// The loop that carries requests of `lane`.
    static func serving(_ lane: RequestLane) -> CurlLoop {
        switch lane {
        case .pages: shared
        case .pictures: pictures
        }
    }

    static let maxIdleHandles = 8

    /// The loop thread's name (`portal-curl`, `portal-curl-pictures`).
    let name: String

    private let multi: UnsafeMutableRawPointer
    private let inbox = Mutex<[CurlTransfer]>([])

    private init(name: String) {
        self.name = name
        curl_global_init(Int(CURL_GLOBAL_DEFAULT))
        guard let multi = curl_multi_init() else { fatalError("libcurl could not make a multi handle") }
        self.multi = multi
        _ = portal_curl_multi_set_long(multi, CURLMOPT_MAXCONNECTS, Self.maxIdleHandles)
        let thread = Thread { [self] in run() }
        thread.name = name
        thread.start()
    }

    func submit(_ transfer: CurlTransfer) {
        inbox.withLock { $0.append(transfer) }
        wake()
    }

    /// Ends the loop's wait now (a transfer arrived or was cancelled).
    func wake() { _ = curl_multi_wakeup(multi) }

    private func run() {
        var active: [UnsafeMutableRawPointer: CurlTransfer] = [:]
        var idleHandles: [UnsafeMutableRawPointer] = []

        func end(_ easy: UnsafeMutableRawPointer, _ result: (CurlTransfer) -> Result<CurlTransfer.Answer, TransportError>) {
            guard let transfer = active.removeValue(forKey: easy) else { return }
            let outcome = result(transfer)
            curl_multi_remove_handle(multi, easy)
            transfer.complete(outcome)
            // Reset keeps the connection (the multi handle's cache holds it) and drops the options.
            curl_easy_reset(easy)
            if idleHandles.count < Self.maxIdleHandles { idleHandles.append(easy) } else { curl_easy_cleanup(easy) }
        }

        while true {
            for transfer in inbox.withLock({ incoming in defer { incoming = [] }; return incoming }) {
                if transfer.isCancelled {
                    transfer.complete(.failure(.cancelled))
                    continue
                }
                guard let easy = idleHandles.popLast() ?? curl_easy_init() else {
                    transfer.complete(.failure(.connectionFailed("libcurl could not make a handle")))
                    continue
                }
                if let refused = transfer.configure(easy) {
                    transfer.complete(.failure(refused))
                    curl_easy_reset(easy)
                    idleHandles.append(easy)
                    continue
                }
                active[easy] = transfer
                curl_multi_add_handle(multi, easy)
            }
            for (easy, transfer) in active where transfer.isCancelled { end(easy) { _ in .failure(.cancelled) } }

            var running: Int32 = 0
            curl_multi_perform(multi, &running)
            var done: UnsafeMutableRawPointer?
            var code = CURLE_OK
            while portal_curl_next_done(multi, &done, &code) == 1, let easy = done {
                end(easy) { $0.outcome(code, easy: easy) }
            }

            let now = ContinuousClock.now
            for (easy, transfer) in active where transfer.expired(at: now) != nil {
                let connected = portal_curl_connect_time(easy) > 0
                end(easy) { .failure(CurlErrorMapping.timeout($0, connected: connected, now: now)) }
            }

            // Until the nearest deadline (curl shortens it for its own timers), or a wake-up.
            let nearest = active.values.map(\.nextDeadline).min()
            let wait = nearest.map { max(1, min(1000, Int(($0 - ContinuousClock.now) / .milliseconds(1)) + 1)) } ?? 60_000
            curl_multi_poll(multi, nil, 0, Int32(wait), nil)
        }
    }
}
