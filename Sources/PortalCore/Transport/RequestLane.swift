/// Which of the live transport's lanes a request travels in, so a list's pages never wait
/// on its pictures (issue 35, item 18).
///
/// Cards point at pictures on any origin — a CDN that is slow, or whose name does not
/// resolve — and a picture fetch that hangs must not hold up the next page: pictures
/// travel in their own lane of `CurlTransport` (their own curl thread and multi handle,
/// so their own connections and name resolutions) and take their own slots in the
/// effect interpreter (`EffectInterpreter.pictureGate`), never the pages'. The lane says
/// how to carry a request, not what it asks: it is never sent and is not part of the
/// request's identity (the caches key a picture by its URL either way).
public enum RequestLane: Sendable, Hashable {
    /// A list's pages, items and links: what the screen or the export reads.
    case pages
    /// Pictures for cards and panes.
    case pictures
}
