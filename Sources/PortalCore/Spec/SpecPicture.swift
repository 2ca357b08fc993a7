import Foundation

/// The picture a record's list spec names (`card.picture`: a field, or a URL template
/// resolved against the list's URL), the one rule every source that reads records
/// follows: on the list's own origin asked with the API's headers, elsewhere bare (a key
/// never leaves for another host), and only on an origin `policy` allows.
public enum SpecPicture {
    public static func request(for item: Record, listURL: URL, homeHeaders: [String: String], policy: PicturesOrigin = .any) -> HTTPRequest? {
        guard let picture = item.card.spec.card?.picture, let url = SpecValues.picture(picture, in: item.keyedRow, listURL: listURL),
              let home = SplitURL(listURL.absoluteString)?.origin, let origin = SplitURL(url.absoluteString)?.origin,
              policy.allows(origin, home: home) else { return nil }
        return BarePictureRequest.make(url, home: home, homeHeaders: homeHeaders)
    }
}
