import Foundation
import PortalCore
import PortalCurl
import PortalAuth
import PortalPaging
import PortalREST

/// What the browser needs to follow a list's changes: the subscription for each followed
/// tab, and the feeds the interpreter makes from them (curl's streaming transport, or
/// libwebsockets for GraphQL and Realtime; the credentials only to the list's origin).
public struct LiveSetup: Sendable {
    /// Each followed tab's subscription.
    public var follows: [Int: LiveSubscription]
    public var feeds: LiveFeeds

    public init(follows: [Int: LiveSubscription], feeds: LiveFeeds) {
        self.follows = follows
        self.feeds = feeds
    }

    public static let none = LiveSetup(follows: [:], feeds: .none)

    /// `--events URL` for the `--url` list of `request`, read as `browseSource`'s first tab.
    public static func events(_ text: String?, request: SourceRequest, browseSource: any Source) throws(SourceFailure) -> LiveSetup {
        guard let text else { return .none }
        guard let list = request.url, let listOrigin = SplitURL(list)?.origin else {
            throw .usage("--events goes with --url (the list whose changes it follows)")
        }
        guard let url = eventsURL(text) else { throw .usage("--events '\(Sanitize.line(text))' must be an http(s) URL") }
        return follow(url, origin: listOrigin, headers: try request.anyAPIHeaders(), browseSource: browseSource, tab: 0)
    }

    /// Follows `url` for tab `tab` of `browseSource`, its records keyed as that tab's
    /// list keys them; `headers` go only to `origin`.
    static func follow(_ url: URL, origin: Origin, headers: [String: String], browseSource: any Source, tab: Int) -> LiveSetup {
        guard browseSource.tabs.indices.contains(tab) else { return .none }
        let keyFields = (browseSource as? AnyAPISource)?.card.spec.keyFields ?? ListSpec().keyFields
        let subscription = LiveSubscription(.serverSentEvents(url), kind: browseSource.tabs[tab].kind, keyFields: keyFields)
        return LiveSetup(follows: [tab: subscription],
                         feeds: .serverSentEvents(over: CurlStreamTransport(), headers: headers, credentialOrigin: origin))
    }

    /// A saved API's lists with `events = "URL"`: each followed in its tab, a path joined
    /// to its list's origin; the saved headers go only to that origin, and so does the
    /// signed-in `session`'s current token (OAuth2, Supabase) when that origin is the one
    /// the session signs (`SavedRun.apiRoot`'s).
    public static func saved(_ run: SavedRun, browseSource: any Source, session: AuthSession? = nil) throws(SourceFailure) -> LiveSetup {
        var follows: [Int: LiveSubscription] = [:]
        var origins: [URL: Origin] = [:]
        var signed: Set<Origin> = []
        for tab in run.resolved.tabs {
            guard let events = tab.spec.events, let origin = SplitURL(tab.url)?.origin else { continue }
            guard let url = eventsURL(events.hasPrefix("/") ? origin.written + events : events) else {
                throw .usage("apis.\(Sanitize.line(run.api.name)).lists.\(Sanitize.line(tab.name)).events must be an http(s) URL or a path")
            }
            let index = try run.tabIndex(tab.name, in: browseSource)
            follows[index] = LiveSubscription(.serverSentEvents(url), kind: browseSource.tabs[index].kind, keyFields: tab.spec.keyFields)
            origins[url] = origin
            if run.sessionSigns(tab.url) { signed.insert(origin) }
        }
        guard !follows.isEmpty else { return .none }
        let transport = CurlStreamTransport(), headers = run.resolved.headers.fields, credentialOrigins = origins, signedOrigins = signed
        let feeds = LiveFeeds { subscription in
            guard case .serverSentEvents(let url) = subscription.feed else { return nil }
            let origin = credentialOrigins[url]
            return LiveFeeds.serverSentEvents(over: transport, headers: headers, credentialOrigin: origin,
                                              session: origin.map(signedOrigins.contains) == true ? session : nil).feed(for: subscription)
        }
        return LiveSetup(follows: follows, feeds: feeds)
    }

    /// An http(s) URL, else nil.
    public static func eventsURL(_ text: String) -> URL? {
        guard SplitURL(text) != nil else { return nil }
        return URL(string: text)
    }
}
