import Foundation
import PortalJSON

/// The subscription that follows a GraphQL list's changes, and how its results are read.
///
/// Found in the introspected schema (PortalGraphQL's `GraphQLLiveQuery.find`): a root
/// `Subscription` field, taking no required argument, whose type is the list's item type
/// (each result is the record: an upsert), or an object holding one field of that type
/// (the record) and, usually, a
/// field naming the change (`type`, `op`, `action`, `mutation`, … as `ChangeReader` reads
/// them: `created`, `UPDATED`, `delete`, …). The record is selected as the list selects
/// its items (`GraphQLQueryBuilder.nodeFields`), so a change reads as a row of the list.
public struct GraphQLLiveQuery: Sendable, Hashable {
    /// `subscription PortalLive { characterChanged { type character { id name … } } }`.
    public var query: String
    /// The root subscription field.
    public var field: String
    /// The record's field inside the field's value; nil when the value is the record.
    public var recordField: String?
    /// The field naming the change; nil when there is none (every result an upsert).
    public var kindField: String?

    public init(query: String, field: String, recordField: String? = nil, kindField: String? = nil) {
        self.query = query
        self.field = field
        self.recordField = recordField
        self.kindField = kindField
    }

    /// What one `next` payload (an execution result) is to the list.
    public func read(_ payload: JSONSpan, keyFields: [String]) -> LiveEventReading {
        let errors = (payload.node["errors"]?.elements ?? []).map { $0.node["message"]?.string.map(Sanitize.line) ?? "an error" }
        guard let data = payload.node.fields?.first(where: { $0.key == "data" })?.value,
              let value = data.node.fields?.first(where: { $0.key == field })?.value, value.node.fields != nil else {
            return .problem(errors.isEmpty ? "a result without \(field)" : "the server's errors: \(errors.joined(separator: "; "))")
        }
        var kind = LiveChange.Kind.upserted
        if let kindField, let name = value.node[kindField]?.string {
            // `reset` as the SSE stream's event type says it (and `truncate`): read the list again.
            switch name.caseInsensitiveCompare("reset") == .orderedSame ? .reset : ChangeReader.kind(name, code: kindField == "op") {
            case .change(let named)?: kind = named
            case .reset?: return .reset("the server says to read the list again (\(Sanitize.line(name)))")
            case nil: return .problem("a change of unknown kind \(Sanitize.line(String(name.prefix(40))))")
            }
        }
        let record = recordField.map { name in value.node.fields?.first { $0.key == name }?.value } ?? value
        guard let record, record.node.fields != nil else { return .problem("a change without its record (\(recordField ?? field))") }
        let reader = ChangeReader(keyFields: keyFields)
        guard let key = RecordKey(of: record.node, fields: reader.keyFields) else {
            return .problem("a change whose record has no key (\(reader.keyFields.joined(separator: ", ")))")
        }
        return .change(LiveChange(kind: kind, key: key, record: record, eventID: ""))
    }
}
