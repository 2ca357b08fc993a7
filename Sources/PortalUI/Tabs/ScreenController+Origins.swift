/// Lists served from an origin the user did not name (issue 35, item 7): an OpenAPI
/// document's `servers` entry, or a server variable, pointing elsewhere than the origin
/// the user gave. Such a list gets none of the user's credentials, and stderr says so
/// before the screen starts; the screen says it too, on the tab's status line, for as
/// long as the tab is shown (cleaned like all network text: `StatusLineView`).
extension ScreenController {
    /// This controller with `notes` (tab index → `served from ORIGIN · gets no
    /// credentials`) on those tabs' status lines.
    @discardableResult
    public func notingOrigins(_ notes: [Int: String]) -> Self {
        for (index, note) in notes where tabs.indices.contains(index) { tabs[index].originNote = note }
        return self
    }
}
