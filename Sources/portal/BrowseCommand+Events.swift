import ArgumentParser
import Foundation
import PortalConfig
import PortalCore
import PortalCurl

/// `portal --url LIST --events URL`: the browser follows the list's changes as the server
/// pushes them (server-sent events) and shows them in the open list, marked.
struct BrowseEventsOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "With --url: follow this text/event-stream of the list's changes and show them in the list as they come: new rows where the list's order puts them (the top of a newest-first list such as order=id.desc), changed rows in place, deleted rows marked until R; the status line says 'live · 3 new · 1 changed' (or 'reconnecting…'). Reconnects with Last-Event-ID; the list's credentials go only to its own origin.",
        valueName: "url"))
    var events: String?
}

/// What the browser needs to follow a list's changes: the subscription for its tab, and
/// the feeds the interpreter makes from it (curl's streaming transport, the list's
/// credentials only to the list's origin).
struct LiveSetup {
    /// Each followed tab's subscription.
    var follows: [Int: LiveSubscription]
    var feeds: LiveFeeds

    static let none = LiveSetup(follows: [:], feeds: .none)

    /// `--events URL` for the `--url` list of `source`, read as `browseSource`'s first tab.
    static func events(_ text: String?, options: SourceOptions, browseSource: any Source) throws -> LiveSetup {
        guard let text else { return .none }
        guard let list = options.anyAPI.url, let listOrigin = SplitURL(list)?.origin else {
            throw ValidationError("--events goes with --url (the list whose changes it follows)")
        }
        guard let url = eventsURL(text) else { throw ValidationError("--events '\(Sanitize.line(text))' must be an http(s) URL") }
        return try follow(url, origin: listOrigin, headers: options.anyAPIHeaders(), browseSource: browseSource, tab: 0)
    }

    /// Follows `url` for tab `tab` of `browseSource`, its records keyed as that tab's
    /// list keys them; `headers` go only to `origin`.
    static func follow(_ url: URL, origin: Origin, headers: [String: String], browseSource: any Source, tab: Int) throws -> LiveSetup {
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
    static func saved(_ run: SavedRun, browseSource: any Source, session: AuthSession? = nil) throws -> LiveSetup {
        var follows: [Int: LiveSubscription] = [:]
        var origins: [URL: Origin] = [:]
        var signed: Set<Origin> = []
        for tab in run.resolved.tabs {
            guard let events = tab.spec.events, let origin = SplitURL(tab.url)?.origin else { continue }
            guard let url = eventsURL(events.hasPrefix("/") ? origin.description + events : events) else {
                throw ValidationError("apis.\(Sanitize.line(run.api.name)).lists.\(Sanitize.line(tab.name)).events must be an http(s) URL or a path")
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
    static func eventsURL(_ text: String) -> URL? {
        guard SplitURL(text) != nil else { return nil }
        return URL(string: text)
    }
}
