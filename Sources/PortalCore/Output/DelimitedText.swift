/// CSV and TSV records for `portal list --format csv|tsv`, in the forms spreadsheet and
/// command-line tools read back.
///
/// CSV follows RFC 4180's quoting: fields are separated by commas, and a field holding
/// a comma, a double quote, CR or LF is put in double quotes with its quotes doubled.
/// Records end in LF, not the RFC's CRLF: everything portal prints goes through one sink
/// (`StandardStreams`, `Sanitize.lines`) that lets no carriage return reach a terminal,
/// where it could write over what a line said; Python's `csv`, spreadsheets and `csvkit`
/// read LF alike. TSV is the form `mlr`, PostgreSQL's `COPY` text and most `tsv` tools
/// read: tab-separated, LF-terminated, a backslash, tab, LF or CR inside a value written
/// as `\\`, `\t`, `\n`, `\r`, so a record is always one line.
///
/// Values are server text: a carriage return inside a CSV value and any other control
/// character (ESC, C1, DEL) become U+FFFD and hidden or width-ambiguous scalars are
/// dropped (`Sanitize`), as everywhere portal prints. CSV keeps a value's own line feeds
/// and tabs (quoted, they are data); TSV escapes them.
public enum DelimitedText {
    public enum Format: Sendable, Equatable {
        case csv
        case tsv
    }

    /// One record: `cells` joined and ended as `format` has it.
    public static func record(_ cells: [String], _ format: Format) -> String {
        switch format {
        case .csv: cells.map(csvField).joined(separator: ",") + "\n"
        case .tsv: cells.map(tsvField).joined(separator: "\t") + "\n"
        }
    }

    /// A CSV field: quoted when it holds a comma, quote, CR or LF, quotes doubled.
    public static func csvField(_ value: String) -> String {
        let clean = sanitised(value, keepingReturns: false)
        guard clean.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" }) else { return clean }
        return "\"" + clean.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// A TSV field: backslash, tab, LF and CR escaped.
    public static func tsvField(_ value: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in sanitised(value, keepingReturns: true).unicodeScalars {
            switch scalar {
            case "\\": out.append(contentsOf: #"\\"#.unicodeScalars)
            case "\t": out.append(contentsOf: #"\t"#.unicodeScalars)
            case "\n": out.append(contentsOf: #"\n"#.unicodeScalars)
            case "\r": out.append(contentsOf: #"\r"#.unicodeScalars)
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    /// `value` with controls other than tab and LF (and CR with `keepingReturns`, for TSV,
    /// which escapes it) replaced by U+FFFD and hidden scalars dropped.
    static func sanitised(_ value: String, keepingReturns: Bool) -> String {
        guard value.unicodeScalars.contains(where: { Sanitize.isControl($0) || Sanitize.isHidden($0) }) else { return value }
        var out = String.UnicodeScalarView()
        for scalar in value.unicodeScalars {
            if Sanitize.isLayout(scalar) || (keepingReturns && scalar == "\r") {
                out.append(scalar)
            } else if Sanitize.isControl(scalar) {
                out.append("\u{FFFD}")
            } else if !Sanitize.isHidden(scalar) {
                out.append(scalar)
            }
        }
        return String(out)
    }
}
