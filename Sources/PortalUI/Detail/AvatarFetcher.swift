import Foundation
import PortalCore
import PortalImage

/// What became of a character's avatar.
public enum AvatarOutcome: Sendable, Equatable {
    /// Decoded and scaled to `AvatarFetcher.pixels` × `AvatarFetcher.pixels`.
    case image(AvatarImage)
    /// There is none to show, and asking again would not change that: a 404, or bytes
    /// that are not a decodable JPEG or PNG.
    case unavailable
    /// No answer, or an answer that may be different next time (5xx, 429): not kept, so
    /// opening the character again asks again.
    case failed
}

/// Fetches a character's avatar (`{base}/character/avatar/{avatarID}.jpeg`) through the
/// same `Transport` as everything else (so `--trace` lists it and the HTTP cache keeps
/// it) and decodes it, both inside the runner's background work. One attempt: the
/// picture is a nicety, and a missing one is simply not drawn.
public struct AvatarFetcher: Sendable {
    /// The side of the decoded square, in pixels: the largest avatar the pane draws is
    /// this many columns wide and half as many rows high (two pixels per cell).
    public static let pixels = 20

    public let transport: any Transport
    public let baseURL: String

    public init(transport: any Transport, baseURL: String) {
        self.transport = transport
        self.baseURL = baseURL
    }

    /// The URL of the avatar with `avatarID` (the number in the character's `image`).
    public func url(for avatarID: Int32) -> URL {
        var base = baseURL
        while base.hasSuffix("/") { base.removeLast() }
        return URL(string: "\(base)/character/avatar/\(avatarID).jpeg")!
    }

    public func fetch(avatarID: Int32) async -> AvatarOutcome {
        let response: HTTPResponse
        do {
            response = try await transport.send(HTTPRequest(url: url(for: avatarID)))
        } catch {
            return .failed
        }
        switch response.status {
        case 200..<300:
            guard let image = try? AvatarImage.decode(response.body, width: Self.pixels, height: Self.pixels) else {
                return .unavailable
            }
            return .image(image)
        case 404, 410:
            return .unavailable
        default:
            return .failed
        }
    }
}
