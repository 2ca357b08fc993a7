import PortalCore

/// `--order col[.asc|.desc][.nullsfirst|.nullslast]`, comma-separated for several columns.
public struct PostgRESTOrder: Sendable, Hashable, CustomStringConvertible {
    /// The order every PostgREST list uses unless told otherwise: stable pages need one.
    public static let byID = PostgRESTOrder(text: "id")

    /// The `order=` value as sent.
    public let text: String

    private init(text: String) { self.text = text }

    public init(parsing text: String) throws(RequestSyntaxError) {
        let terms = text.split(separator: ",", omittingEmptySubsequences: false)
        for term in terms {
            let parts = term.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard let column = parts.first, PostgRESTFilter.isColumnName(column) else {
                throw RequestSyntaxError("--order '\(text)' is not column[.desc] (e.g. name.desc)")
            }
            for modifier in parts.dropFirst() where !["asc", "desc", "nullsfirst", "nullslast"].contains(modifier) {
                throw RequestSyntaxError("--order '\(text)': unknown modifier '\(modifier)' (asc, desc, nullsfirst, nullslast)")
            }
        }
        self.text = text
    }

    public var description: String { text }
}
