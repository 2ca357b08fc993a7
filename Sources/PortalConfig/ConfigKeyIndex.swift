/// Where the config text names each key, read once: for every spelling of a key (`name =`,
/// `name.`, `[…name]`, bare, `"quoted"` or `'literal'`), the lines and columns naming it, in
/// the text's order. `ConfigReader` finds a key's line (for error messages) and the file's
/// order of tables (TOMLKit sorts them by name) by binary search here.
///
/// Why: each lookup used to rescan the text from the top, so reading a config of 2,000 APIs
/// took 113 s (docs/benchmarks.md); building this is one pass over the text.
struct ConfigKeyIndex {
    struct Place: Comparable {
        var line: Int
        var column: Int
        static func < (a: Place, b: Place) -> Bool { (a.line, a.column) < (b.line, b.column) }
    }

    private var places: [String: [Place]] = [:]
    /// Lines read to build the index (each once), for the test that counts the work.
    private(set) var linesExamined = 0

    init(lines: [Substring]) {
        for (number, line) in lines.enumerated() {
            linesExamined += 1
            for (key, column) in Self.keys(in: Array(line.utf8)) {
                places[key, default: []].append(Place(line: number, column: column))
            }
        }
    }

    /// The first place naming `key` at or after `start` (anywhere when nil).
    func first(_ key: String, atOrAfter start: Place?) -> Place? {
        guard let list = places[key] else { return nil }
        guard let start else { return list.first }
        var low = 0
        var high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle] < start { low = middle + 1 } else { high = middle }
        }
        return low < list.count ? list[low] : nil
    }

    /// The keys a line names and their columns (UTF-8 offsets): a word starting the line or
    /// after a blank, `{`, `,`, `.` or `[`, followed (blanks aside) by `=`, `.` or `]`.
    /// Strings that are not keys are stepped over; `#` outside a string ends the line.
    static func keys(in bytes: [UInt8]) -> [(String, Int)] {
        var found: [(String, Int)] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let startsKey = index == 0 || boundaries.contains(bytes[index - 1])
            if byte == hash { break }
            if byte == doubleQuote || byte == singleQuote {
                let end = closing(byte, in: bytes, after: index)
                if startsKey, end < bytes.count, followedByKeyEnd(bytes, end + 1) {
                    found.append((String(decoding: bytes[(index + 1)..<end], as: UTF8.self), index))
                }
                index = end + 1
                continue
            }
            if startsKey, !stops.contains(byte) {
                var end = index
                while end < bytes.count, !stops.contains(bytes[end]) { end += 1 }
                if followedByKeyEnd(bytes, end) {
                    found.append((String(decoding: bytes[index..<end], as: UTF8.self), index))
                }
                index = end
                continue
            }
            index += 1
        }
        return found
    }

    private static let hash = UInt8(ascii: "#")
    private static let doubleQuote = UInt8(ascii: "\"")
    private static let singleQuote = UInt8(ascii: "'")
    private static let backslash = UInt8(ascii: "\\")
    private static let boundaries: Set<UInt8> = Set(" \t{,.[".utf8)
    private static let keyEnds: Set<UInt8> = Set("=.]".utf8)
    /// What ends a bare word.
    private static let stops: Set<UInt8> = Set(" \t=.[]{},\"'#".utf8)

    /// The index of the quote closing the string opened at `start` (a `"` string's `\"`
    /// does not close it); the end of the line when none does.
    private static func closing(_ quote: UInt8, in bytes: [UInt8], after start: Int) -> Int {
        var index = start + 1
        while index < bytes.count {
            if quote == doubleQuote, bytes[index] == backslash {
                index += 2
                continue
            }
            if bytes[index] == quote { return index }
            index += 1
        }
        return bytes.count
    }

    private static func followedByKeyEnd(_ bytes: [UInt8], _ from: Int) -> Bool {
        var index = from
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
        return index < bytes.count && keyEnds.contains(bytes[index])
    }
}
