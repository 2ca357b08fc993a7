import Foundation
import PortalCore
import PortalJSON

// Compiled into the fuzz-graphql-ws target and, through a symlink, into PortalCoreTests
// (GraphQLWSMessagesAreWrittenAndReadBackBoundedTests replays inputs through it).
// Keep it to PortalCore and Foundation.

extension FuzzEntryPoint {
    /// The graphql-transport-ws reader (`GraphQLWSMessage.read`) on any text a server could
    /// send, and `GraphQLLiveQuery.read` on what a `next` carries. The first byte picks the
    /// size limit (64…319 bytes, so the bound is crossed often). Invariants: a message read
    /// is written back as text that reads as the same message; a refusal's reason is one
    /// line without control characters; nothing longer than the limit is read; a change's
    /// NDJSON line is one JSON value holding the change's record exactly.
    public static func graphQLWSMessage(_ bytes: [UInt8]) throws {
        let limit = 64 + Int(bytes.first ?? 0)
        let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
        switch GraphQLWSMessage.read(text, maxBytes: limit) {
        case .failure(let invalid):
            if invalid.description.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
                throw FuzzInvariantBroken("a refusal's reason holds a control character: \(invalid.description.debugDescription)")
            }
        case .success(let message):
            if text.utf8.count > limit { throw FuzzInvariantBroken("read \(text.utf8.count) bytes with a limit of \(limit)") }
            guard case .success(let again) = GraphQLWSMessage.read(message.text, maxBytes: Int.max), again == message else {
                throw FuzzInvariantBroken("\(message.text.prefix(200)) does not read back as itself")
            }
            guard case .next(_, let payload) = message else { return }
            for live in [GraphQLLiveQuery(query: "", field: "characterChanged", recordField: "character", kindField: "type"),
                         GraphQLLiveQuery(query: "", field: "characterChanged")] {
                guard case .change(let change) = live.read(payload, keyFields: ["id"]) else { continue }
                guard let line = try? JSONNode.parse(Data(change.jsonLine.utf8)),
                      let record = line.node.fields?.first(where: { $0.key == "record" })?.value, record == change.record else {
                    throw FuzzInvariantBroken("a change's NDJSON line does not hold its record: \(change.jsonLine.prefix(200))")
                }
            }
        }
    }
}
