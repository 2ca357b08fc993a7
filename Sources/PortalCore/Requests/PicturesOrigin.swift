import Foundation

/// Which origins a list's pictures may be fetched from (`--pictures-origin`). Most APIs
/// serve pictures from another host (GitHub's avatars, a store's CDN), so by default a
/// picture is fetched from any http(s) origin the way a browser fetches an `<img>`: a bare
/// GET that carries none of the API's credentials. `same` keeps them to the API's origin.
public enum PicturesOrigin: String, Sendable, CaseIterable {
    /// Any http(s) origin; a picture elsewhere than the API's is asked for bare.
    case any
    /// Only the API's own origin (scheme, host and port), as portal did before.
    case same

    public static var names: [String] { allCases.map(\.rawValue) }

    /// Whether a picture on `origin` may be fetched for a list on `home`.
    public func allows(_ origin: Origin, home: Origin) -> Bool {
        self == .any || origin == home
    }
}

/// The request for a picture on another origin than the API's: what a browser sends for
/// an `<img>` — no API key, no `--header`, no cookie, no `Authorization` — so the key
/// never leaves the API's origin, and the caches key it by URL alone (no credential), so
/// every user shares it. The transport adds portal's User-Agent; the redirect rule keeps
/// it within the picture's own origin.
public enum BarePictureRequest {
    /// The `Accept` of a picture request: the formats portal decodes first.
    public static let accept = "image/png,image/jpeg;q=0.9,image/*;q=0.8"

    public static func make(_ url: URL) -> HTTPRequest {
        HTTPRequest(url: url, headers: ["Accept": accept])
    }

    /// `url` on `home` is asked for with `homeHeaders` (the API's own); elsewhere bare.
    public static func make(_ url: URL, home: Origin?, homeHeaders: [String: String]) -> HTTPRequest {
        if let home, SplitURL(url.absoluteString)?.origin == home { return HTTPRequest(url: url, headers: homeHeaders) }
        return make(url)
    }
}

extension PictureColumns {
    /// The first picture column of `row` holding an http(s) URL that `policy` allows for
    /// a list on `home`; nil when there is none.
    public static func url(in row: Row, home: Origin, policy: PicturesOrigin) -> URL? {
        for name in names {
            guard case .string(let text) = row[name] else { continue }
            guard text.count <= 2048, let split = SplitURL(text), policy.allows(split.origin, home: home),
                  let url = URL(string: text) else { continue }
            return url
        }
        return nil
    }

    /// The request for `row`'s picture in a list served from `listURL`: the column `policy`
    /// allows, asked with `homeHeaders` on the list's own origin and bare elsewhere. The
    /// one rule every row-reading source follows.
    public static func request(in row: Row, listURL: String, policy: PicturesOrigin, homeHeaders: [String: String]) -> HTTPRequest? {
        guard let home = SplitURL(listURL)?.origin, let url = url(in: row, home: home, policy: policy) else { return nil }
        return BarePictureRequest.make(url, home: home, homeHeaders: homeHeaders)
    }
}
