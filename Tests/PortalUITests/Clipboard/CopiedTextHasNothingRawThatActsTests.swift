import Foundation
import PortalCore
import PortalPresets
import PortalTestSupport
@testable import PortalUI
import Testing

/// What `y` and `Y` copy from a hostile server holds nothing that acts when pasted into a
/// shell: a server's `url` of `https://x/\ntouch …\n ESC[201~` once went onto the
/// clipboard as it was, and pasting it ran `touch` (the line feed) even inside a
/// bracketed paste (which `ESC [201~` ended early).
@MainActor @Suite struct CopiedTextHasNothingRawThatActsTests {
    static let base = BaseURL("https://x.supabase.co/rest/v1")
    static let hostileURL = "https://api.example/x\n\rtouch /tmp/owned\n\u{1B}[201~\u{9B}1m\u{7F}\u{202E}gpj.exe"

    static func copied(_ effects: [Effect]) -> String? {
        for effect in effects { if case .copyToClipboard(let data) = effect { return String(decoding: data, as: UTF8.self) } }
        return nil
    }

    static func actsWhenPasted(_ text: String) -> Bool {
        text.unicodeScalars.contains { Sanitize.isControl($0) || Sanitize.isHidden($0) }
    }

    @Test func bigYCopiesAURLWithItsControlsPercentEncoded() async throws {
        let server = NamedRowsServer(.init(ids: [1], names: [1: "n\u{9B}\u{7F}\u{202E}"], urls: [1: Self.hostileURL]))
        let harness = Harness(size: Size(columns: 100, rows: 30), inner: server, source: PostgRESTSource(baseURL: Self.base, table: "t"))
        await harness.runner.drain(into: harness.controller)
        let url = try #require(Self.copied(harness.send(.key(.character("Y")))))
        #expect(!Self.actsWhenPasted(url), "\(url.debugDescription)")
        #expect(url == "https://api.example/x%0A%0Dtouch /tmp/owned%0A%1B[201~%C2%9B1m%7F%E2%80%AEgpj.exe")
    }

    @Test func yCopiesTheSameJSONWithNothingRawThatActs() async throws {
        let server = NamedRowsServer(.init(ids: [1], names: [1: "n\u{9B}\u{7F}\u{202E}\u{E0041}"], urls: [1: Self.hostileURL]))
        let harness = Harness(size: Size(columns: 100, rows: 30), inner: server, source: PostgRESTSource(baseURL: Self.base, table: "t"))
        await harness.runner.drain(into: harness.controller)
        let json = try #require(Self.copied(harness.send(.key(.character("y")))))
        #expect(!Self.actsWhenPasted(json), "\(json.debugDescription)")
        // The same JSON value as the row's.
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["url"] as? String == Self.hostileURL)
        #expect(object["name"] as? String == "n\u{9B}\u{7F}\u{202E}\u{E0041}")
    }
}
