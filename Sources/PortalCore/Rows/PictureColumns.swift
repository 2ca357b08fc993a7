import Foundation

/// The columns of a generic row that name its picture (`image`, `avatar_url`, `picture`,
/// …), and the rule that keeps a picture request on servers the source names: a URL in a
/// row is data from the network, so one that points at any other host is not fetched.
public enum PictureColumns {
    /// Column names read as a picture, in order of preference.
    public static let names = [
        "image", "image_url", "avatar", "avatar_url", "picture", "picture_url", "photo", "photo_url",
        "thumbnail", "thumbnail_url", "sprite", "icon", "icon_url",
    ]

    /// The first picture column of `row` holding an http(s) URL on one of
    /// `allowedOrigins`; nil when there is none.
    public static func url(in row: Row, allowedOrigins: [Origin]) -> URL? {
        for name in names {
            guard case .string(let text) = row[name] else { continue }
            guard text.count <= 2048, let split = SplitURL(text), allowedOrigins.contains(split.origin),
                  let url = URL(string: text) else { continue }
            return url
        }
        return nil
    }
}
