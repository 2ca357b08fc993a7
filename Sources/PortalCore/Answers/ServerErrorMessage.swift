import Foundation
import PortalJSON

/// The one line a server's error body says about what went wrong, for the failure's
/// message: a status alone (`HTTP 422`) leaves the user guessing which parameter the
/// server refused. Read from the shapes common frameworks write:
///
/// - `{"error": "…"}` (Datasette, many) and `{"error": {"message": "…"}}` (Stripe, Google);
/// - `{"detail": "…"}` (Django REST framework: `Invalid page.`, `Invalid cursor`; FastAPI's
///   `HTTPException`);
/// - `{"detail": [{"loc": ["query", "size"], "msg": "…"}]}` (FastAPI/pydantic's 422), as
///   `query.size: Input should be less than or equal to 100` (`(+N more)` for the rest).
///
/// Not `message`: PostgREST's is added by its own source (with its hint), and GitHub's
/// repeats the status. Cut to 200 characters; the caller sanitises it with the rest.
public enum ServerErrorMessage {
    public static func read(_ body: Data) -> String? {
        guard body.first == UInt8(ascii: "{") || body.first.map(isSpace) == true,
              let object = try? JSONNode.parse(body).node, object.fields != nil else { return nil }
        let text: String? = {
            if let error = object["error"]?.string { return error }
            if let message = object["error"]?["message"]?.string { return message }
            if let detail = object["detail"]?.string { return detail }
            if let details = object["detail"]?.elements, let first = details.first?.node, let message = first["msg"]?.string {
                let place = first["loc"]?.elements?.map { $0.node.string ?? $0.text }.joined(separator: ".")
                let more = details.count > 1 ? " (+\(details.count - 1) more)" : ""
                return (place.map { "\($0): " } ?? "") + message + more
            }
            return nil
        }()
        guard let text = text?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
        return text.count > 200 ? String(text.prefix(200)) + "…" : text
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
}
