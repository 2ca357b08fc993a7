import GraphQL
import Foundation
import struct PortalDemoModels.Character

/// `type Subscription { characterChanged: CharacterChange! }` with `--churn`: each change
/// to the characters as it happens, the SSE stream's events as GraphQL results —
///
/// ```graphql
/// type CharacterChange { type: String!  number: Int!  character: Character }
/// ```
///
/// `type` is `created`, `updated` or `deleted` (`character` the record as changed; a
/// deleted one as it was), or `reset` (no `character`) when the subscriber fell behind the
/// changes kept and must read the list again. A subscription starts at the latest change.
enum SubscriptionFields {
    /// One change as the subscription's source stream yields it.
    struct Event: Sendable {
        var type: String
        var number: Int
        var character: Character?
    }

    /// Changes held for a subscriber that reads slower than they come; past it, a `reset`.
    static let backlog = 4096

    static func type(book: SchemaTypeBook, churn: CharacterChurn) throws -> GraphQLObjectType {
        let change = try GraphQLObjectType(
            name: "CharacterChange",
            description: "A change to the characters (portal-mirror --churn).",
            fields: [
                "type": read(nonNull(GraphQLString), "created, updated, deleted; or reset: read the list again.") { (e: Event, _) in e.type },
                "number": read(nonNull(GraphQLInt), "The change's number (the SSE stream's event id).") { (e: Event, _) in e.number },
                "character": read(book.named("Character"), "The record as changed (as it was, when deleted).") { (e: Event, _) in e.character },
            ])
        let field = GraphQLField(
            type: nonNull(change),
            description: "Every change to the characters, as it happens.",
            resolve: { source, _, _, _ in source },
            subscribe: { _, _, _, _ in events(churn) })
        return try GraphQLObjectType(name: "Subscription", fields: ["characterChanged": field])
    }

    /// The changes from now on, polled from the churn's log as `ChurnEventStream` polls it.
    static func events(_ churn: CharacterChurn) -> AsyncThrowingStream<Event, any Error> {
        AsyncThrowingStream(Event.self, bufferingPolicy: .bufferingOldest(backlog)) { continuation in
            let task = Task {
                var sent = churn.changes(after: 0).latest
                var lost = false
                while !Task.isCancelled {
                    let (changes, latest) = churn.changes(after: sent)
                    if lost || changes == nil {
                        lost = !enqueue(Event(type: "reset", number: latest, character: nil), continuation)
                    }
                    for change in changes ?? [] where !lost {
                        lost = !enqueue(Event(type: change.kind.rawValue, number: change.number, character: change.record), continuation)
                    }
                    sent = latest
                    let untilChange = churn.due(sent + 1) - churn.now()
                    try? await Task.sleep(for: min(max(untilChange, .milliseconds(1)), .milliseconds(250)))
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    private static func enqueue(_ event: Event, _ continuation: AsyncThrowingStream<Event, any Error>.Continuation) -> Bool {
        if case .enqueued = continuation.yield(event) { return true }
        return false
    }
}
