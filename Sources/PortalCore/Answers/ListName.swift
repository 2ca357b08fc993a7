import Foundation

/// The name a list at a URL goes by (a `--url` tab, a saved API's `url` alone, `portal list
/// NAME LIST`): its last path segment, decoded and sanitised, without a `.json` extension —
/// Datasette's tables are `…/characters.json`, and a tab called `Characters.json` names the
/// format, not the list.
public enum ListName {
    /// `people` for `…/v1/people?page=2` or `…/db/people.json`; nil when the path has no
    /// segment (the caller names the list after the host or the saved API).
    public static func lastSegment(of url: URL) -> String? {
        guard let raw = url.path.split(separator: "/").last else { return nil }
        var segment = Sanitize.line(QueryString.decode(raw))
        if segment.count > 5, segment.lowercased().hasSuffix(".json") { segment.removeLast(5) }
        return segment.isEmpty ? nil : segment
    }
}
