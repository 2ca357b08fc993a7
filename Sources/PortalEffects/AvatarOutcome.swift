import PortalImage

/// What became of an item's picture.
public enum AvatarOutcome: Sendable, Equatable {
    /// Decoded and scaled to `AvatarOutcome.pixels` square.
    case image(AvatarImage)
    /// There is none to show, and asking again would not change that: a 404, or bytes
    /// that are not a decodable JPEG or PNG.
    case unavailable
    /// No answer, or an answer that may be different next time (5xx, 429): not kept, so
    /// opening the item again asks again.
    case failed

    /// The side of the decoded square, in pixels: the largest picture the pane draws is
    /// this many columns wide and half as many rows high (two pixels per cell).
    public static let pixels = 20
}
