/// What is wrong with the config file, and where: the line when it is known (TOMLKit's for a
/// syntax error, found by a text search for the key otherwise). `portal` prints it and exits 2.
public struct ConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    public let path: String
    /// 1-based; nil when no line could be found.
    public let line: Int?
    public let message: String

    public init(path: String, line: Int?, message: String) {
        self.path = path
        self.line = line
        self.message = message
    }

    public var description: String {
        line.map { "\(path):\($0): \(message)" } ?? "\(path): \(message)"
    }
}
