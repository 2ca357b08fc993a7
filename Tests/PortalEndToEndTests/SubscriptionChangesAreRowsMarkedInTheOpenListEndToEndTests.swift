import Foundation
import Testing

/// `portal --graphql URL --live` (issue 38, item 4) in tmux against a mirror that churns 20
/// changes a second: the characters tab follows `Subscription.characterChanged` over
/// graphql-transport-ws, the status line says `live · N new`, End shows a created character
/// marked `new`, and when the mirror goes the status line says `reconnecting…`. Waits for
/// what it checks, never for time.
@Suite(.serialized, .enabled(if: EndToEndEnvironment.canDriveTerminal, EndToEndEnvironment.skipReason))
struct SubscriptionChangesAreRowsMarkedInTheOpenListEndToEndTests {
    @Test func subscriptionChangesAreRowsMarkedInTheOpenList() async throws {
        try await PushedChangesAreRowsMarkedInTheOpenListEndToEndTests.followTheChurn(arguments: "--pictures off --no-cache --live") { origin in
            "--graphql '\(origin)/graphql'"
        }
    }
}
