import Foundation
@testable import PortalCache

/// A cache file opened directly, as another program (or a damaged disk) would change it
/// under portal: each call opens its own connection and closes it again.
enum SQLiteFile {
    static func execute(_ path: String, _ sql: String, _ arguments: [SQLiteValue] = []) throws {
        try SQLiteConnection(path: path, readOnly: false, busyTimeout: 10).execute(sql, arguments)
    }

    /// The first column of every row, as text.
    static func strings(_ path: String, _ sql: String) throws -> [String] {
        try SQLiteConnection(path: path, readOnly: true, busyTimeout: 10).rows(sql).compactMap { $0.values.first?.string }
    }

    /// The first column of the first row.
    static func value(_ path: String, _ sql: String) throws -> SQLiteValue? {
        try SQLiteConnection(path: path, readOnly: true, busyTimeout: 10).value(sql)
    }
}
