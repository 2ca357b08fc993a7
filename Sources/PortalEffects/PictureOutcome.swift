import PortalImage

/// What became of a picture asked for.
public enum PictureOutcome: Sendable, Equatable {
    /// Decoded (at most `Picture.maxSide` a side).
    case picture(Picture)
    /// There is none to show, and asking again would not change that: a 404, or bytes that
    /// are not a JPEG or PNG, or an image over the size caps. The text says which, calmly.
    case missing(String)
    /// No answer, or one that may differ next time (5xx, 429, a timeout): not kept, so the
    /// card asks again when it comes back on screen. The text says why.
    case failed(String)
}
