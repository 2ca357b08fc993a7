extension GridViewModel {
    /// The one rule that decides whether the next page should be asked for.
    ///
    /// Everything is measured in rows of cards. It answers yes when the bottom of the
    /// viewport comes within `threshold` rows of the end of the content (so with a
    /// threshold of a viewport the next page usually arrives before the user does), and
    /// also whenever the content does not fill the viewport — a tall terminal fills
    /// itself, unlike the tutorial's `contentHeight > height` guard that leaves a short
    /// first page stuck. It never answers yes while a page is loading or when no next
    /// page exists, so a storm of keys makes one request.
    public nonisolated static func shouldLoadMore(contentRows: Int, viewportRows: Int, offsetRows: Int, threshold: Int, isLoading: Bool, hasMore: Bool) -> Bool {
        guard hasMore, !isLoading else { return false }
        if contentRows < viewportRows { return true }
        return offsetRows + viewportRows + max(0, threshold) >= contentRows
    }
}
