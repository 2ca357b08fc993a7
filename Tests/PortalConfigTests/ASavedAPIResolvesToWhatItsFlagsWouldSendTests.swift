import Foundation
@testable import PortalConfig
import PortalCore
import Testing

/// A saved API made ready to ask: each auth kind becomes the header the flags would send
/// (or the grant a session signs in with), secrets read only here, lists joined to `url`.
@Suite("Resolved saved APIs")
struct ASavedAPIResolvesToWhatItsFlagsWouldSendTests {
    static func api(_ auth: SavedAuth?, lists: [SavedList] = [], url: String = "https://api.example.com/v1/") -> SavedAPI {
        SavedAPI(name: "shop", url: url, headers: ["Accept": "application/json"], auth: auth, lists: lists)
    }

    static let resolver = SecretResolver(environment: ["TOKEN": "t0ken", "PAIR": "ann:pw", "KEY": "k3y", "SECRET": "s3cr3t"])

    @Test func eachAuthKindIsTheHeaderTheFlagsWouldSend() async throws {
        let bearer = try await ResolvedAPI.resolve(Self.api(.bearer(.environment("TOKEN"))), resolver: Self.resolver)
        #expect(bearer.headers.fields == ["Accept": "application/json", "Authorization": "Bearer t0ken"])
        let basic = try await ResolvedAPI.resolve(Self.api(.basic(.environment("PAIR"))), resolver: Self.resolver)
        #expect(basic.headers.fields["Authorization"] == "Basic " + Data("ann:pw".utf8).base64EncodedString())
        let header = try await ResolvedAPI.resolve(Self.api(.header(name: "X-Api-Key", value: .environment("KEY"))), resolver: Self.resolver)
        #expect(header.headers.fields["X-Api-Key"] == "k3y")
        #expect(bearer.oauth2 == nil && bearer.supabase == nil)
    }

    @Test func oauth2AndSupabaseBecomeASessionNotAHeader() async throws {
        let grant = OAuth2ClientCredentials(tokenURL: "https://api.example.com/oauth/token", clientID: "cli", clientSecret: .environment("SECRET"), scope: "read")
        let oauth = try await ResolvedAPI.resolve(Self.api(.oauth2(grant)), resolver: Self.resolver)
        #expect(oauth.headers.fields["Authorization"] == nil)
        let request = try #require(oauth.oauth2?.request(renewing: nil))
        #expect(request.url.absoluteString == "https://api.example.com/oauth/token")
        #expect(request.headers["Authorization"] == "Basic " + Data("cli:s3cr3t".utf8).base64EncodedString())
        #expect(String(decoding: request.body ?? Data(), as: UTF8.self) == "grant_type=client_credentials&scope=read")
        #expect(!"\(oauth)".contains("s3cr3t") && !"\(oauth.oauth2.map { "\($0)" } ?? "")".contains("s3cr3t"))

        let supabase = try await ResolvedAPI.resolve(
            Self.api(.supabase(email: "ann@example.com", password: .environment("SECRET"), key: .environment("KEY"))), resolver: Self.resolver)
        #expect(supabase.supabase?.email == "ann@example.com" && supabase.supabase?.password == "s3cr3t")
        #expect(supabase.headers.fields["apikey"] == "k3y")
    }

    @Test func aMissingSecretNamesItsKeyAndNoValue() async {
        let error = await #expect(throws: SecretReferenceError.self) {
            try await ResolvedAPI.resolve(Self.api(.bearer(.environment("UNSET"))), resolver: Self.resolver)
        }
        #expect(error?.description == "apis.shop.auth.bearer: the environment variable UNSET is not set")
        let badPair = await #expect(throws: SecretReferenceError.self) {
            try await ResolvedAPI.resolve(Self.api(.basic(.environment("TOKEN"))), resolver: Self.resolver)
        }
        #expect(badPair?.description.contains("t0ken") == false)
        let control = await #expect(throws: SecretReferenceError.self) {
            try await ResolvedAPI.resolve(Self.api(.bearer(.literal("a\nb"))), resolver: Self.resolver)
        }
        #expect(control?.description.hasPrefix("apis.shop.auth.bearer") == true)
        #expect(control?.description.contains("a\nb") == false)
    }

    @Test func listsAreJoinedToTheURLInTheFilesOrder() async throws {
        let lists = [SavedList(name: "orders", path: "/orders", items: "data", paging: "cursor"), SavedList(name: "users", path: "users")]
        let resolved = try await ResolvedAPI.resolve(Self.api(nil, lists: lists), resolver: Self.resolver)
        #expect(resolved.tabs == [
            .init(name: "orders", url: "https://api.example.com/v1/orders", items: "data", paging: "cursor", fields: nil),
            .init(name: "users", url: "https://api.example.com/v1/users", items: nil, paging: nil, fields: nil),
        ])
        let alone = try await ResolvedAPI.resolve(Self.api(nil, url: "https://api.example.com/v1/orders?status=open"), resolver: Self.resolver)
        #expect(alone.tabs.map(\.name) == ["orders"] && alone.tabs.map(\.url) == ["https://api.example.com/v1/orders?status=open"])
    }
}
