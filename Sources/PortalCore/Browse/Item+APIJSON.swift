import Foundation

extension Item {
    /// The item as the API serves it, one compact JSON text: records and rows exactly as
    /// served (`baseURL` is kept for callers; every item is served JSON now).
    /// Server text is not sanitised here: it stays inside JSON strings (escaped) and is
    /// only ever sent on base64-encoded (the clipboard) or parsed (its URL).
    public func apiJSON(baseURL: BaseURL) -> String {
        record.row.json
    }
}
