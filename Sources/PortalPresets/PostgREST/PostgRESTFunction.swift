import Foundation
import PortalCore

/// A PostgREST function whose rows are the list (`--rpc NAME --args JSON`):
/// `POST {base}/rpc/NAME`, its arguments (a JSON object) as the body.
public struct PostgRESTFunction: Sendable, Hashable {
    public var name: String
    /// The JSON object body, as given (`--args`), `{}` when none.
    public var arguments: Data

    public init(name: String, arguments: Data = Data("{}".utf8)) {
        self.name = name
        self.arguments = arguments
    }
}
