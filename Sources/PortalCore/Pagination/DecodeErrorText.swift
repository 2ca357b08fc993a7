/// A decoding error in one short line for a page failure: `JSONReader`'s and
/// `JSONDecoder`'s errors alike, cut to 200 characters where they may quote the body.
public enum DecodeErrorText {
    public static func short(_ error: any Error) -> String {
        switch error {
        // The description may quote the body (`no id in url …`): cut to 200 characters.
        case DecodingError.dataCorrupted(let context): String(context.debugDescription.prefix(200))
        case DecodingError.keyNotFound(let key, _): "missing \(key.stringValue)"
        case DecodingError.typeMismatch(_, let context): "wrong type at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        case DecodingError.valueNotFound(_, let context): "null at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        default: "\(error)"
        }
    }
}
