import CSQLite

/// What SQLite reported: its primary result code (`SQLITE_CORRUPT`, `SQLITE_FULL`, …) and
/// the connection's message, so `DiskCache` can tell a damaged file from a full disk.
struct SQLiteError: Error, CustomStringConvertible, Sendable {
    /// The primary result code (the extended code's low byte).
    let code: Int32
    let message: String

    init(code: Int32, message: String) {
        self.code = code & 0xFF
        self.message = message
    }

    /// The connection's last error, or the code's own text when there is no connection.
    init(code: Int32, connection: OpaquePointer?) {
        let text = connection.flatMap { sqlite3_errmsg($0) } ?? sqlite3_errstr(code)
        self.init(code: code, message: text.map { String(cString: $0) } ?? "SQLite error \(code)")
    }

    var isCorruption: Bool { code == SQLITE_CORRUPT || code == SQLITE_NOTADB }

    var description: String { message }
}
