import ArgumentParser
import Foundation
import PortalCore

/// `portal --url LIST --events URL`: the browser follows the list's changes as the server
/// pushes them (server-sent events) and shows them in the open list, marked.
struct BrowseEventsOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "With --url: follow this text/event-stream of the list's changes and show them in the list as they come: new rows where the list's order puts them (the top of a newest-first list such as order=id.desc), changed rows in place, deleted rows marked until R; the status line says 'live · 3 new · 1 changed' (or 'reconnecting…'). Reconnects with Last-Event-ID; the list's credentials go only to its own origin.",
        valueName: "url"))
    var events: String?
}

/// `portal --graphql URL --live`: the browser follows each GraphQL list's changes.
struct BrowseLiveOptions: ParsableArguments {
    @Flag(help: ArgumentHelp(
        "With --graphql URL, or a saved API of kind GraphQL (portal NAME --live): follow each list's changes over the schema's subscription of its items (graphql-transport-ws) and show them in the open list as they come, marked; the status line says 'live · 3 new · 1 changed' (or 'reconnecting…'). The credentials (a saved API's sign-in token too) go only to the endpoint's origin."))
    var live = false
}
