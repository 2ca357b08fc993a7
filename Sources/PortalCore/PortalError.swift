/// Errors portal reports to the user as one line.
public enum PortalError: Error, Sendable, Equatable, CustomStringConvertible {
    case dataFolderMissing(String)
    case dataFileUnreadable(String, String)
    case cannotWrite(String)
    case invalidBaseURL(String)

    public var description: String {
        switch self {
        case .dataFolderMissing(let path): "data folder not found: \(path)"
        case .dataFileUnreadable(let path, let why): "cannot read \(path): \(why)"
        case .cannotWrite(let path): "cannot write \(path)"
        case .invalidBaseURL(let url): "not an http(s) URL: \(url)"
        }
    }
}
