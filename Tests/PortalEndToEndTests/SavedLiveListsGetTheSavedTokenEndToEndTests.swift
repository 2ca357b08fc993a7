import Foundation
import PortalCore
import PortalMirror
import Testing
import PortalJSON

/// A saved API's live lists signed in with OAuth2 (issue 38, items 2 and 4), against a
/// mirror that guards every route — its SSE streams and `/graphql` subscriptions too —
/// with `--oauth-client` and churns 20 changes a second: `portal list NAME LIST --live` on
/// a saved GraphQL API prints its subscription's changes, and in tmux `portal NAME --live`
/// (GraphQL) and `portal NAME` (a list with `events = "…"`) show them as rows, marked — the
/// feeds get the saved client's token, which the mirror refuses them without.
@Suite(.serialized, .enabled(if: EndToEndEnvironment.canRunBinary, EndToEndEnvironment.skipReason))
struct SavedLiveListsGetTheSavedTokenEndToEndTests {
    static let secret = "live-secret-\(UInt32.random(in: 0...UInt32.max))"

    static func guarded(_ options: inout MirrorOptions) {
        options.oauthClients = [.init(id: "cli", secret: secret)]
        options.tokenTTL = 4
    }

    /// The config of two saved APIs on `origin`, both signed in as the mirror's client:
    /// `gq` (its GraphQL endpoint) and `crew` (its characters, followed over SSE).
    static func config(_ origin: String) -> String {
        """
        [apis.gq]
        graphql = "\(origin)/graphql"
        auth = { oauth2 = { token_url = "\(origin)/oauth/token", client_id = "cli", client_secret = "\(secret)" } }

        [apis.crew]
        url = "\(origin)/api"
        auth = { oauth2 = { token_url = "\(origin)/oauth/token", client_id = "cli", client_secret = "\(secret)" } }
        [apis.crew.lists.people]
        path = "/character"
        events = "/api/character/events"
        """
    }

    @Test func listLiveOnASavedGraphQLAPIPrintsItsChangesSignedIn() async throws {
        var options = MirrorOptions()
        options.port = 0
        options.log = .none
        options.dataFolder = EndToEndEnvironment.dataFolder ?? "."
        options.churn = 20
        Self.guarded(&options)
        let mirror = try await MirrorServer.start(options)
        let folder: String
        do { folder = try SavedAPIsListWithTheirOwnCredentialsEndToEndTests.folder(config: Self.config(mirror.origin)) } catch {
            await mirror.stop()
            throw error
        }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let listed = try await SavedAPIsListWithTheirOwnCredentialsEndToEndTests.run(["list", "gq", "characters", "--live", "--limit", "4", "--no-cache", "--config", folder + "/config.toml"], environment: [:])
        let rest = try await SavedAPIsListWithTheirOwnCredentialsEndToEndTests.run(["list", "crew", "people", "--live", "--config", folder + "/config.toml"], environment: [:])
        await mirror.stop()
        #expect(listed.status == 0, "\(listed.stderr)")
        let lines = listed.stdout.split(separator: "\n").compactMap { try? JSONNode.parse(Data($0.utf8)).node }
        #expect(lines.count == 4 && lines.allSatisfy { $0["record"]?["name"]?.string != nil }, "\(listed.stdout)")
        #expect(!listed.stderr.contains(Self.secret) && !listed.stdout.contains(Self.secret))
        #expect(rest.status == 2 && rest.stderr.contains("--live: crew is not a GraphQL API"), "\(rest.stderr)")
    }
}

/// The browser's side of `SavedLiveListsGetTheSavedTokenEndToEndTests`, in tmux.
@Suite(.serialized, .enabled(if: EndToEndEnvironment.canDriveTerminal, EndToEndEnvironment.skipReason))
struct SavedLiveBrowseEndToEndTests {
    static func follow(_ saved: String) async throws {
        let folder = try SavedAPIsListWithTheirOwnCredentialsEndToEndTests.folder(config: "")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try await PushedChangesAreRowsMarkedInTheOpenListEndToEndTests.followTheChurn(arguments: "open \(saved) --pictures off --no-cache", mirror: SavedLiveListsGetTheSavedTokenEndToEndTests.guarded) { origin in
            _ = FileManager.default.createFile(atPath: folder + "/config.toml", contents: Data(SavedLiveListsGetTheSavedTokenEndToEndTests.config(origin).utf8),
                                               attributes: [.posixPermissions: 0o600])
            return "--config '\(folder)/config.toml'"
        }
    }

    @Test func aSavedGraphQLAPIFollowsItsSubscriptionWithTheSavedToken() async throws {
        try await Self.follow("gq characters --live")
    }

    @Test func aSavedListsEventsStreamGetsTheSavedToken() async throws {
        try await Self.follow("crew")
    }
}
