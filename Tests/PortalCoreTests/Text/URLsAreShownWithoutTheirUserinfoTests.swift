import Foundation
import PortalCore
import Testing
import PortalAuth

/// One helper hides a URL's user and password wherever a URL is shown or traced, however it
/// is spelled; the same finder takes them out of a URL given on the command line.
@Suite("URLs shown without their userinfo")
struct URLsAreShownWithoutTheirUserinfoTests {
    @Test func userinfoIsMaskedHoweverItIsSpelled() {
        #expect(URLRedaction.redacted("http://user:pw@host:8080/p?q=1") == "http://***@host:8080/p?q=1")
        #expect(URLRedaction.redacted("https://token@api.example.com/graphql") == "https://***@api.example.com/graphql")
        // A password holding `/` cuts a parser's authority short; it is a password still.
        #expect(URLRedaction.redacted("http://u:SECRET/x@proxy:3128") == "http://***@proxy:3128")
        // Read as the RFC reads it, this is the host CR; a proxy has no path, so every `@` counts.
        #expect(URLRedaction.removingUserinfo("http://u:SE@CR/ET@proxy:3128/", pathless: true) == "http://proxy:3128/")
        #expect(URLRedaction.removingUserinfo("http://u:SECRET/x@proxy:3128") == "http://proxy:3128")
    }

    @Test func urlsWithoutUserinfoAreKept() {
        for text in ["http://host/a@b.com", "https://api.example.com:8443/users/me@example.com?x=a@b", "not a url", "http://[::1]:80/x@y"] {
            #expect(URLRedaction.redacted(text) == text)
        }
    }

    @Test func aSlashInThePasswordStillGoesAsBasic() {
        let split = URLCredentials("http://u:SECRET/x@127.0.0.1:9/api/list")
        #expect(split.url == "http://127.0.0.1:9/api/list")
        #expect(split.headerLine == "Authorization: Basic " + Data("u:SECRET/x".utf8).base64EncodedString())
    }
}
