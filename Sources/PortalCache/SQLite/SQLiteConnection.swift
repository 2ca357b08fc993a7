import CSQLite
import Foundation

/// One connection to a SQLite file, on Debian's libsqlite3 directly: the disk cache needs
/// a dozen statements, a transaction and a busy timeout, which this covers in a page,
/// where GRDB cost 36 s of CPU in every clean debug build (92 s in release) —
/// docs/benchmarks.md, "Clean clone".
///
/// Not thread-safe by itself (opened `SQLITE_OPEN_NOMUTEX`): `CacheDatabase` holds it in a
/// `Mutex`, so one caller at a time uses it.
// @unchecked Sendable: safe because every use of a shared connection goes through
// `CacheDatabase.connection`'s Mutex (one thread at a time), and a SQLite connection has no
// thread affinity; the others (tests, the ownership probe) live in one function's scope.
final class SQLiteConnection: @unchecked Sendable {
    private let handle: OpaquePointer

    /// Opens `path` (a file name, or a `file:` URI such as `…?immutable=1`), read-write and
    /// created when missing unless `readOnly`; a write waits up to `busyTimeout` for another
    /// process's lock before failing with `SQLITE_BUSY`.
    init(path: String, readOnly: Bool, busyTimeout: TimeInterval) throws {
        var opened: OpaquePointer?
        let access = readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        let code = sqlite3_open_v2(path, &opened, access | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI, nil)
        guard code == SQLITE_OK, let opened else {
            let error = SQLiteError(code: code, connection: opened)
            sqlite3_close_v2(opened)
            throw error
        }
        handle = opened
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, Int32(min(busyTimeout * 1000, Double(Int32.max))))
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    var changes: Int { Int(sqlite3_changes(handle)) }

    /// The connection itself, for `sqlite3_db_status` and other read-only probes in tests.
    var rawHandle: OpaquePointer { handle }

    /// Runs every statement in `sql` (separated by `;`), `arguments` bound to the first.
    func execute(_ sql: String, _ arguments: [SQLiteValue] = []) throws {
        var remaining = Substring(sql)
        var first = true
        while !remaining.allSatisfy({ $0.isWhitespace || $0 == ";" }) {
            let (statement, tail) = try prepare(remaining)
            defer { sqlite3_finalize(statement) }
            remaining = tail
            guard let statement else { continue }
            if first { try bind(arguments, to: statement) }
            first = false
            while try step(statement) {}
        }
    }

    /// Calls `body` with each row of `sql` until it returns false or the rows run out.
    func forEachRow(_ sql: String, _ arguments: [SQLiteValue] = [], _ body: (SQLiteRow) throws -> Bool) throws {
        let (prepared, _) = try prepare(Substring(sql))
        guard let statement = prepared else { return }
        defer { sqlite3_finalize(statement) }
        try bind(arguments, to: statement)
        let names = (0..<sqlite3_column_count(statement)).map { String(cString: sqlite3_column_name(statement, $0)) }
        while try step(statement) {
            let values = (0..<Int32(names.count)).map { Self.value(statement, column: $0) }
            guard try body(SQLiteRow(names: names, values: values)) else { return }
        }
    }

    /// Every row of `sql`.
    func rows(_ sql: String, _ arguments: [SQLiteValue] = []) throws -> [SQLiteRow] {
        var rows: [SQLiteRow] = []
        try forEachRow(sql, arguments) { rows.append($0); return true }
        return rows
    }

    /// The first column of the first row (nil when there is no row).
    func value(_ sql: String, _ arguments: [SQLiteValue] = []) throws -> SQLiteValue? {
        var first: SQLiteValue?
        try forEachRow(sql, arguments) { row in
            first = row.values.first
            return false
        }
        return first
    }

    /// Runs `body` in a transaction that takes the write lock first (`BEGIN IMMEDIATE`,
    /// waiting up to the busy timeout), so it cannot fail half-way because another process
    /// wrote; commits what `body` did, or rolls it back when it throws.
    func immediateTransaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    private func prepare(_ sql: Substring) throws -> (OpaquePointer?, Substring) {
        var statement: OpaquePointer?
        var text = Array(sql.utf8)
        text.append(0)
        return try text.withUnsafeBufferPointer { buffer in
            // Never empty: it holds at least the terminating zero.
            guard let base = buffer.baseAddress else { return (nil, "") }
            let start = UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
            var tail: UnsafePointer<CChar>?
            let code = sqlite3_prepare_v2(handle, start, Int32(buffer.count), &statement, &tail)
            guard code == SQLITE_OK else { throw SQLiteError(code: code, connection: handle) }
            let used = tail.map { $0 - start } ?? buffer.count - 1
            let rest = String(decoding: buffer[min(used, buffer.count - 1)..<(buffer.count - 1)], as: UTF8.self)
            return (statement, Substring(rest))
        }
    }

    private func bind(_ arguments: [SQLiteValue], to statement: OpaquePointer) throws {
        for (offset, argument) in arguments.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32 = switch argument {
            case .null: sqlite3_bind_null(statement, index)
            case .integer(let value): sqlite3_bind_int64(statement, index, value)
            case .real(let value): sqlite3_bind_double(statement, index, value)
            case .text(let value): sqlite3_bind_text(statement, index, value, -1, portal_sqlite_transient())
            case .blob(let bytes):
                bytes.withUnsafeBytes { raw in
                    sqlite3_bind_blob64(statement, index, raw.baseAddress ?? UnsafeRawPointer(bitPattern: 1), UInt64(raw.count),
                                        portal_sqlite_transient())
                }
            }
            guard code == SQLITE_OK else { throw SQLiteError(code: code, connection: handle) }
        }
    }

    /// True when a row is ready, false when the statement is done.
    private func step(_ statement: OpaquePointer) throws -> Bool {
        switch sqlite3_step(statement) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code: throw SQLiteError(code: code, connection: handle)
        }
    }

    private static func value(_ statement: OpaquePointer, column: Int32) -> SQLiteValue {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, column))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, column))
        case SQLITE_TEXT:
            let count = Int(sqlite3_column_bytes(statement, column))
            guard let bytes = sqlite3_column_text(statement, column) else { return .text("") }
            return .text(String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, column))
            guard let bytes = sqlite3_column_blob(statement, column) else { return .blob(Data()) }
            return .blob(Data(bytes: bytes, count: count))
        default: return .null
        }
    }
}

/// One row read back: its values by column name.
struct SQLiteRow: Sendable {
    let names: [String]
    let values: [SQLiteValue]

    /// The named column's value; `.null` when there is no such column.
    subscript(name: String) -> SQLiteValue {
        names.firstIndex(of: name).map { values[$0] } ?? .null
    }
}
