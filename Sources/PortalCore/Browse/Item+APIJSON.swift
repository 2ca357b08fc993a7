import Foundation

extension Item {
    /// The item as the API serves it, one compact JSON text: the models written back by
    /// `APIJSONEncoding` under `baseURL`, rows and any-API objects exactly as served.
    /// Server text is not sanitised here: it stays inside JSON strings (escaped) and is
    /// only ever sent on base64-encoded (the clipboard) or parsed (its URL).
    public func apiJSON(baseURL: BaseURL) -> String {
        let encoding = APIJSONEncoding(baseURL: baseURL)
        switch self {
        case .character(let c): return encoding.line(c)
        case .pokemon(let p):
            var w = JSONWriter()
            w.beginObject()
            w.field("id", p.id)
            w.field("name", p.name)
            if let record = p.record {
                w.field("height", record.height)
                w.field("weight", record.weight)
                w.key("base_experience")
                if let experience = record.baseExperience { w.int(experience) } else { w.null() }
                w.key("types")
                w.beginArray()
                for type in record.types { w.string(type) }
                w.endArray()
            }
            w.field("url", baseURL + "/pokemon/\(p.id)/")
            w.endObject()
            return w.string
        case .row(let row, _): return row.json
        case .json(let item, _): return item.row.json
        }
    }
}
