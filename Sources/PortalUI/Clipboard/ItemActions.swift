import Foundation
import PortalCore

/// `y`, `Y` and `o` on the item the user is looking at (the pane's item when a pane is
/// open, else the selected card): copy it as JSON, copy its URL, open its web page.
///
/// They only make effects (`copyToClipboard`, `openURL`) that the terminal layer
/// performs — OSC 52 and a spawned opener — and say what they did on the status line
/// (`notice`), which the next key clears. What they copy holds nothing that acts when
/// pasted (`ClipboardText`).
extension ScreenController {
    /// The most a copy sends: bigger items are refused with a message (an OSC 52
    /// sequence that size is more than many terminals take).
    public static var clipboardLimit: Int { 100 * 1024 }

    /// The item `y`, `Y` and `o` act on.
    var actedOnItem: Item? {
        if let pane { return pane.item }
        return grid.selection.flatMap { list.item(at: $0) }
    }

    /// `y`: the item as the API serves it, on the clipboard.
    func copyItemJSON() {
        guard let item = actedOnItem else { return say("nothing to copy yet") }
        let json = Data(ClipboardText.json(itemJSON(item)).utf8)
        let name = Self.shownName(item)
        guard json.count <= Self.clipboardLimit else {
            return say("\(name) is too big to copy (\(Self.byteCount(json.count)); at most \(Self.byteCount(Self.clipboardLimit)))")
        }
        emit([.copyToClipboard(json)])
        say("copied \(name) as JSON (\(Self.byteCount(json.count)))")
    }

    /// `Y`: the item's own URL (`url`, else `html_url`), else the URL it is fetched from.
    func copyItemURL() {
        guard let item = actedOnItem else { return say("nothing to copy yet") }
        let fields = Self.urlFields(of: itemJSON(item))
        guard let served = fields["url"] ?? fields["html_url"] ?? fetchedFrom(item) else { return say("\(Self.shownName(item)) has no URL") }
        let url = ClipboardText.url(served)
        guard url.utf8.count <= Self.clipboardLimit else { return say("the URL is too long to copy") }
        emit([.copyToClipboard(Data(url.utf8))])
        say("copied the URL of \(Self.shownName(item)): \(Sanitize.line(url, limit: 80))")
    }

    /// `o`: the item's web page (`html_url`, else `url`), http(s) only.
    func openItemPage() {
        guard let item = actedOnItem else { return say("nothing to open yet") }
        let fields = Self.urlFields(of: itemJSON(item))
        guard let text = fields["html_url"] ?? fields["url"] else { return say("\(Self.shownName(item)) has no web page") }
        guard let url = Self.openableURL(text) else {
            return say("not opening \(Sanitize.line(text, limit: 60)): only http and https pages are opened")
        }
        emit([.openURL(url)])
        say("opening \(Sanitize.line(url.absoluteString, limit: 80))")
    }

    // MARK: Pieces

    /// `text` as a URL that may be opened: http or https, with a host; nil otherwise.
    static func openableURL(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !host.isEmpty else { return nil }
        return url
    }

    /// The item's JSON: the API's shape, links under the source's root.
    func itemJSON(_ item: Item) -> String {
        item.apiJSON(baseURL: (source as? any APIRootNaming)?.baseURL ?? BaseURL(""))
    }

    /// Where the item can be asked for by itself (the link it was followed by, or its
    /// lookup by id), else its list's first page.
    private func fetchedFrom(_ item: Item) -> String? {
        if let link = item.record.link { return link.url.absoluteString }
        return (source.itemsRequest(item.kind, keys: [item.key])?.url ?? tab.list.firstPage.http.url).absoluteString
    }

    /// The top-level `url` and `html_url` strings of a JSON object.
    static func urlFields(of json: String) -> [String: String] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else { return [:] }
        var out: [String: String] = [:]
        for key in ["url", "html_url"] {
            if let value = object[key] as? String, !value.isEmpty { out[key] = value }
        }
        return out
    }

    /// The item's name as the status line says it (sanitised, cut).
    static func shownName(_ item: Item) -> String {
        Sanitize.line(item.crumb, limit: 40)
    }

    /// `512 B`, `1.2 KB`, `100 KB` (KB of 1,024 bytes).
    static func byteCount(_ bytes: Int) -> String {
        guard bytes >= 1024 else { return "\(bytes) B" }
        let kilobytes = Double(bytes) / 1024
        return kilobytes < 10 && kilobytes.rounded() != kilobytes
            ? String(format: "%.1f KB", kilobytes) : "\(Int(kilobytes.rounded())) KB"
    }

    /// Puts `text` on the status line until the next key.
    func say(_ text: String) {
        notice = text
    }
}
