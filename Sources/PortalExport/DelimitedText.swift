import PortalCore

/// CSV and TSV records for `portal list --format csv|tsv`, in the forms spreadsheet and
/// command-line tools read back.
///
/// A cell is the server's string exactly (issue 35, item 12): a Persian ZWNJ, an emoji's
/// joiners, skin tones and variation selectors, a flag's tags, bidi marks, a BOM are data
/// and stay. What is drawn on a terminal is cleaned where stdout is one (`portal list`'s
/// `OutputSink`), not here.
///
/// CSV follows RFC 4180's quoting: fields are separated by commas, and a field holding a
/// comma, a double quote, CR or LF, or any other control character (C0, DEL, C1) is put
/// in double quotes with its quotes doubled; the control stays as it is, inside the
/// quotes, where every CSV reader takes it as data. Records end in LF, not the RFC's
/// CRLF: Python's `csv`, spreadsheets and `csvkit` read LF alike, and a CR inside a value
/// is then always the value's own. TSV is the form `mlr`, PostgreSQL's `COPY` text and
/// most `tsv` tools read: tab-separated, LF-terminated, a backslash, tab, LF or CR inside
/// a value written as `\\`, `\t`, `\n`, `\r`, so a record is always one line; other
/// controls are written as they are.
///
/// `formulaSafe` (`--csv-safe`) follows OWASP's advice on CSV Injection for files meant
/// for a spreadsheet: a cell beginning with `=`, `+`, `-`, `@`, tab, CR or LF is written
/// with a single quote before it (and, in CSV, quoted), so the spreadsheet shows it as
/// text instead of running it as a formula.
public enum DelimitedText {
    public enum Format: Sendable, Equatable {
        case csv
        case tsv
    }

    /// One record: `cells` joined and ended as `format` has it.
    public static func record(_ cells: [String], _ format: Format, formulaSafe: Bool = false) -> String {
        switch format {
        case .csv: cells.map { csvField($0, formulaSafe: formulaSafe) }.joined(separator: ",") + "\n"
        case .tsv: cells.map { tsvField(formulaSafe && startsFormula($0) ? "'" + $0 : $0) }.joined(separator: "\t") + "\n"
        }
    }

    /// A CSV field: quoted when it holds a comma, a quote or a control (CR and LF among
    /// them), quotes doubled; with `formulaSafe`, a formula's first character (`startsFormula`)
    /// gets a `'` before it and the field is quoted.
    public static func csvField(_ value: String, formulaSafe: Bool = false) -> String {
        let guarded = formulaSafe && startsFormula(value)
        let text = guarded ? "'" + value : value
        guard guarded || text.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || Sanitize.isControl($0) }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Whether a spreadsheet would read `value` as a formula: it begins with `=`, `+`, `-`,
    /// `@`, tab, CR or LF (OWASP, CSV Injection).
    public static func startsFormula(_ value: String) -> Bool {
        guard let first = value.unicodeScalars.first else { return false }
        return ["=", "+", "-", "@", "\t", "\r", "\n"].contains(first)
    }

    /// A TSV field: backslash, tab, LF and CR escaped.
    public static func tsvField(_ value: String) -> String {
        guard value.unicodeScalars.contains(where: { $0 == "\\" || $0 == "\t" || $0 == "\n" || $0 == "\r" }) else { return value }
        var out = String.UnicodeScalarView()
        for scalar in value.unicodeScalars {
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
}
