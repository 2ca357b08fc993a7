import PortalCore
import PortalImage

/// The detail pane of one character: its fields, its episodes (loading, loaded or failed)
/// and the pane's scroll position.
///
/// `token` is this pane's identity. The controller gives every opened pane a new token and
/// stamps the episode request with it, so a result that arrives after the pane was closed
/// or switched to another character can be recognised and dropped. The avatar, once
/// decoded, is drawn at the top right when the screen has 256 colours.
@MainActor
public final class DetailViewModel {
    public enum Episodes: Equatable {
        case loading
        case loaded([Episode])
        case failed(String)
    }

    public let character: PortalCore.Character
    public let token: Int
    public internal(set) var episodes: Episodes
    /// The decoded avatar (`AvatarFetcher.pixels` square), nil until it arrives or when
    /// there is none to show.
    public internal(set) var avatar: AvatarImage? {
        didSet { scaledAvatars = [:] }
    }
    private var scaledAvatars: [Int: AvatarImage] = [:]
    /// The first line of the pane's content shown.
    public private(set) var scroll = 0

    public init(character: PortalCore.Character, token: Int, episodes: Episodes = .loading) {
        self.character = character
        self.token = token
        self.episodes = episodes
    }

    /// Label and value rows, already sanitised.
    public var fields: [(label: String, value: String)] {
        let c = character
        return [
            ("Species", Sanitize.line(c.species)),
            ("Type", c.type.isEmpty ? "—" : Sanitize.line(c.type)),
            ("Gender", Sanitize.line(c.gender.rawValue)),
            ("Origin", Sanitize.line(c.origin.name)),
            ("Location", Sanitize.line(c.location.name)),
            ("Created", DateText.short(c.created)),
            ("Episodes", String(c.episodeIDs.count)),
        ]
    }

    /// The pane's content as styled lines (the view cuts them to its width).
    public var lines: [[Span]] {
        var out: [[Span]] = []
        out.append([Span(Sanitize.line(character.name), Style(bold: true))])
        out.append([Span("●", CardView.statusStyle(character.status)), Span(" " + Sanitize.line(character.status.rawValue))])
        out.append([])
        for field in fields {
            out.append([Span(DisplayWidth.pad(field.label, to: 10), Style(dim: true)), Span(field.value)])
        }
        out.append([])
        switch episodes {
        case .loading:
            out.append([Span("loading episodes…", Style(dim: true))])
        case .failed(let message):
            out.append([Span("error — r to retry", Style(foreground: .red, bold: true))])
            out.append([Span(Sanitize.line(message), Style(dim: true))])
        case .loaded(let list) where list.isEmpty:
            out.append([Span("no episodes", Style(dim: true))])
        case .loaded(let list):
            for episode in list {
                out.append([
                    Span(DisplayWidth.pad(Sanitize.line(episode.code), to: 7), Style(foreground: .cyan)),
                    Span(Sanitize.line(episode.name) + " "),
                    Span("· " + Sanitize.line(episode.airDate), Style(dim: true)),
                ])
            }
        }
        return out
    }

    /// The avatar box-filtered to `side` × `side` pixels (kept, so redraws do not rescale).
    public func avatar(side: Int) -> AvatarImage? {
        guard let avatar else { return nil }
        if let known = scaledAvatars[side] { return known }
        let scaled = avatar.scaled(width: side, height: side)
        scaledAvatars[side] = scaled
        return scaled
    }

    public var isFailed: Bool {
        if case .failed = episodes { return true }
        return false
    }

    /// Scrolls by `delta` lines within a pane `viewRows` high.
    public func scroll(by delta: Int, viewRows: Int) {
        scroll = clamp(scroll + delta, viewRows: viewRows)
    }

    /// Scrolls to the top (`toEnd` false) or the bottom.
    public func scroll(toEnd: Bool, viewRows: Int) {
        scroll = toEnd ? clamp(Int.max / 2, viewRows: viewRows) : 0
    }

    /// Keeps the scroll valid for a pane `viewRows` high (after a resize or new content).
    public func clampScroll(viewRows: Int) {
        scroll = clamp(scroll, viewRows: viewRows)
    }

    private func clamp(_ value: Int, viewRows: Int) -> Int {
        min(max(0, value), max(0, lines.count - max(1, viewRows)))
    }
}
