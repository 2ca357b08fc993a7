/// A source whose server's sort parameter is known by its kind (a PostgREST table speaks
/// `order=`), so `SortStyle.detected(for:)` needs to name no preset's source.
public protocol SortStyleSpeaking {
    var sortStyle: SortStyle { get }
}

/// A list whose server portal can only guess from its URL and its answer (any API's
/// `--url` list, a saved API's tab): `--sort-style` outranks the guess, and no guess
/// means "say which style" rather than "this API has no sort parameter".
public protocol SortStyleGuessing {
    var guessedSortStyle: SortStyle? { get }
}

/// A source of several tabs, each a list with a server of its own (a saved API's lists, an
/// OpenAPI document's): sorting (`s`) is a tab's capability, so the UI asks the active
/// tab's list for its server's sort parameter instead of the composite, which has none.
public protocol TabbedSortSource: Source, SortStyleGuessing {
    /// The list `query`'s tab reads, when its server's sort parameter is guessed; nil when
    /// that tab is no such list.
    func sortGuessing(for query: ListQuery) -> (any Source & SortStyleGuessing)?
}

extension TabbedSortSource {
    /// The composite has no server of its own to guess: its tabs' lists are asked.
    public var guessedSortStyle: SortStyle? { nil }
}

extension SortStyle {
    /// The style `s` uses on `query`'s tab of `source`: `given` (`--sort-style`) or what
    /// the tab's own list speaks when the tab is a guessed list; else the source's style.
    public static func style(for source: any Source, query: ListQuery, given: SortStyle?) -> SortStyle? {
        guard let tabs = source as? any TabbedSortSource else { return style(for: source, given: given) }
        guard let list = tabs.sortGuessing(for: query) else { return nil }
        return style(for: list, given: given)
    }

    /// Whether `query`'s tab of `source` is a list whose server portal guesses (any API's,
    /// whose sort parameter portal may just not know), rather than an API that has none.
    public static func isAnyAPIList(_ source: any Source, query: ListQuery) -> Bool {
        if let tabs = source as? any TabbedSortSource { return tabs.sortGuessing(for: query) != nil }
        return source is any SortStyleGuessing
    }
}
