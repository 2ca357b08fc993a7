@testable import PortalUI
import Testing

/// The `?` overlay's own update: it opens at the top, scrolls by half a screen, never
/// above the top, and closes.
struct HelpOpensAtTheTopAndScrollsByHalfScreensTests {
    @Test func questionMarkOpensAtTheTopAndTogglesClosed() {
        var help = HelpOverlay()
        help.update(.toggleHelp, rows: 30)
        #expect(help.isShown && help.scroll == 0)
        help.update(.toggleHelp, rows: 30)
        #expect(!help.isShown)
    }

    @Test func scrollingMovesHalfAScreenAndStopsAtTheTop() {
        var help = HelpOverlay()
        help.update(.toggleHelp, rows: 30)
        help.update(.scrollHelpDown, rows: 30)
        help.update(.scrollHelpDown, rows: 30)
        #expect(help.scroll == 30)
        help.update(.scrollHelpUp, rows: 30)
        help.update(.scrollHelpUp, rows: 30)
        help.update(.scrollHelpUp, rows: 30)
        #expect(help.scroll == 0)
    }

    @Test func reopeningStartsAtTheTopAgain() {
        var help = HelpOverlay()
        help.update(.toggleHelp, rows: 10)
        help.update(.scrollHelpDown, rows: 10)
        help.update(.closeHelp, rows: 10)
        #expect(!help.isShown)
        help.update(.toggleHelp, rows: 10)
        #expect(help.scroll == 0)
    }
}
