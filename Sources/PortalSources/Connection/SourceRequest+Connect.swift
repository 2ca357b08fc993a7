import Foundation
import PortalCache
import PortalCore
import PortalCurl
import PortalServers
import PortalAuth

extension SourceRequest {
    /// Builds the connection: traced when `--trace` is given, and for HTTP, cached by URL
    /// for the session in memory, and on disk across runs behind it.
    /// `scopingCredentials`: false where a saved API scopes its own (`SavedRun.connect`).
    public func connect(scopingCredentials: Bool = true) throws -> Connection {
        var transport: any Transport
        var disk: DiskCache?
        if let data {
            transport = try SnapshotTransport(dataFolder: data, api: preset.kind)
        } else {
            // Inside the tracer, so each trace line can say hit, revalidated or miss.
            disk = cache.openIfUsed()
            transport = cache.wrap(CurlTransport(), in: disk)
        }
        var tracer: TracingTransport?
        if let trace {
            let traced = try TracingTransport(wrapping: transport, path: trace)
            tracer = traced
            transport = traced
        }
        // Outside the tracer, so the trace lists what really went over the network.
        if data == nil {
            transport = CachingTransport(wrapping: transport, capacityBytes: CachingTransport.budget(diskBehind: disk != nil))
            // Outside the caches, which then key and keep what was sent: the user's
            // credentials go only to the origins the user named.
            if scopingCredentials { transport = CredentialScopeTransport(wrapping: transport, scope: credentialScope()) }
        }
        // Outside the caches, which key signed-in answers by the user's id it sets.
        guard let email, data == nil, let authURL = GoTrueRequests.authURL(besideRestRoot: apiBaseURL.text) else {
            return Connection(transport: transport, tracer: tracer)
        }
        if cache.offline {
            // Offline is offline: no sign-in, no refresh, no token request. The user's id,
            // which the caches key their answers by, is the one this address last signed
            // in as here; an address never signed in here has no answers to show.
            guard let userID = disk?.rememberedUser(email: email, authURL: authURL) else {
                throw SourceFailure.runtime("--offline: nothing is cached for \(Sanitize.line(email)) (sign in once without --offline first)")
            }
            transport = OfflineUserTransport(wrapping: transport, userID: userID, apiRoot: apiBaseURL.text)
            return Connection(transport: transport, tracer: tracer)
        }
        let key = keyVariable?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        // The token requests go straight to the network: never cached, but traced (their
        // lines hold no body and no header, so no password or token).
        let network: any Transport = tracer.map { $0.tracing(CurlTransport()) } ?? CurlTransport()
        let signIn = AuthSession(requests: GoTrueRequests(authURL: authURL, apiKey: key), transport: network)
        transport = SessionTransport(wrapping: transport, session: signIn, apiRoot: apiBaseURL.text)
        var remember: (@Sendable (String) -> Void)?
        if let disk {
            remember = { userID in disk.remember(userID: userID, email: email, authURL: authURL) }
        }
        return Connection(transport: transport, tracer: tracer, session: signIn, email: email, remember: remember)
    }

    /// With `--data` the presets read the snapshot, while saved APIs still go over HTTP
    /// (`portal mcp`): a connection of their own, through the same trace and the disk
    /// cache. Else `made`.
    public func network(beside made: Connection) -> Connection {
        guard data != nil else { return made }
        let disk = cache.openIfUsed()
        var transport = cache.wrap(CurlTransport(), in: disk)
        if let tracer = made.tracer { transport = tracer.tracing(transport) }
        transport = CachingTransport(wrapping: transport, capacityBytes: CachingTransport.budget(diskBehind: disk != nil))
        return Connection(transport: transport, tracer: made.tracer)
    }
}
