import PortalCore
import PortalPresets
import PortalTestSupport
@testable import PortalUI
import Testing

/// What the status line says of the watch: `w` on says `watching · every 30s` once (the
/// watch's note; `w`'s notice said it a second time until the next key), `w` off says
/// `not watching`.
@MainActor struct WSaysWhetherTheListIsWatchedTests {
    static func statusLine(_ controller: ScreenController) -> String {
        let screen = TextScreen(size: controller.size)
        controller.render(into: screen)
        return screen.lines[controller.layout.statusRow]
    }

    @Test func wOnSaysWatchingOnceAndWOffSaysNotWatching() {
        let controller = ScreenController(source: PostgRESTSource(baseURL: BaseURL("https://x.supabase.co/rest/v1"), table: "t"),
                                          sourceLabel: "test", pictures: .off)
        _ = controller.update(.start(Size(columns: 100, rows: 30)))
        _ = controller.update(.key(.character("w")))
        let on = Self.statusLine(controller)
        #expect(on.components(separatedBy: "watching · every 30s").count == 2, "\(on)")
        _ = controller.update(.key(.character("w")))
        #expect(Self.statusLine(controller).contains("not watching"))
    }
}
