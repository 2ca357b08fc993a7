import Foundation
import Testing
import PortalCore
import PortalAuth

/// A password written into a URL leaves it for a Basic header (never shown, traced or
/// cached in the clear), as curl sends it.
@Suite("User and password in a URL become a Basic header")
struct URLCredentialsTests {
    @Test func userAndPasswordLeaveTheURL() {
        let split = URLCredentials("http://user:s3cret@127.0.0.1:8080/items?page=1#top")
        #expect(split.url == "http://127.0.0.1:8080/items?page=1#top")
        #expect(split.headerLine == "Authorization: Basic " + Data("user:s3cret".utf8).base64EncodedString())
        #expect(!split.url.contains("s3cret"))
    }

    @Test func percentEncodedPartsAreDecodedAndAnAtInThePathIsNotUserinfo() {
        let split = URLCredentials("https://me%40example.com:p%3Ass@api.test/people/@me")
        #expect(split.url == "https://api.test/people/@me")
        #expect(split.headerLine == "Authorization: Basic " + Data("me@example.com:p:ss".utf8).base64EncodedString())
        let plain = URLCredentials("https://api.test/people/@me?q=a@b")
        #expect(plain.url == "https://api.test/people/@me?q=a@b" && plain.headerLine == nil)
    }

    @Test func aUserWithoutPasswordAndAnEmptyUserinfo() {
        #expect(URLCredentials("http://token@h.test/x").headerLine == "Authorization: Basic " + Data("token:".utf8).base64EncodedString())
        let empty = URLCredentials("http://@h.test/x")
        #expect(empty.url == "http://h.test/x" && empty.headerLine == nil)
        #expect(URLCredentials("not a url").url == "not a url")
    }
}
