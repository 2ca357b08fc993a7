import PortalCurl
import Testing

/// The proxy `--trace` and error messages name is its scheme, host and port: a password
/// holding `/` (`http://u:SECRET/x@proxy`), which cut the authority short, is no longer shown.
@Suite("A proxy is shown without its password")
struct ProxyShownSecretTests {
    @Test func aPasswordHoldingASlashIsNotShown() {
        #expect(ProxyEnvironment.shown("http://u:SECRET/x@proxy.example:3128") == "http://proxy.example:3128")
        #expect(ProxyEnvironment.shown("u:SECRET/x@proxy.example:3128") == "http://proxy.example:3128")
        #expect(ProxyEnvironment.shown("http://me:pw@proxy:3128/") == "http://proxy:3128")
        #expect(ProxyEnvironment.shown("http://u:SE@CR/ET@proxy:3128") == "http://proxy:3128")
        #expect(ProxyEnvironment.shown("socks5h://proxy:1080") == "socks5h://proxy:1080")
    }
}
