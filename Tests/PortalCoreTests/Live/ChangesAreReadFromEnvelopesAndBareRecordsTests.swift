import PortalCore
import Testing

/// Events become typed changes: the shapes the common feeds send (portal-mirror, SSE
/// feeds, Supabase, Debezium, Hasura), the record kept as served, its key by the list's
/// key fields; what is not a change says why.
@Suite struct ChangesAreReadFromEnvelopesAndBareRecordsTests {
    static func read(_ data: String, type: String = "message", id: String = "", keys: [String] = ["id"]) -> LiveEventReading {
        ChangeReader(keyFields: keys).read(ServerSentEvent(type: type, data: data, lastEventID: id))
    }

    static func change(_ reading: LiveEventReading) -> LiveChange? {
        if case .change(let change) = reading { return change }
        return nil
    }

    @Test func aTypedEnvelopeGivesItsKindKeyAndRecordAsServed() throws {
        let record = #"{"id":827,"name":"Rick (new 1)","status":"Alive","type":""}"#
        let change = try #require(Self.change(Self.read(#"{"type":"created","record":\#(record)}"#, type: "created", id: "17")))
        #expect(change.kind == .created && change.key == 827 && change.eventID == "17")
        #expect(change.record.text == record)
        #expect(change.jsonLine == #"{"type":"created","key":827,"record":\#(record),"event_id":"17"}"#)
    }

    @Test func aBareRecordIsAnUpsertOrTheKindTheEventTypeNames() throws {
        let record = #"{"id":"7f3a","name":"x"}"#
        #expect(Self.change(Self.read(record))?.kind == .upserted)
        #expect(Self.change(Self.read(record))?.key == .text("7f3a"))
        #expect(Self.change(Self.read(record, type: "deleted"))?.kind == .deleted)
        #expect(Self.change(Self.read(record, type: "UPDATE"))?.kind == .updated)
        #expect(Self.change(Self.read(record, type: "character"))?.kind == .upserted, "a type of the server's own, with a key")
        #expect(Self.read(#"{"time":12}"#, type: "ping") == .ignored("event ping"))
        #expect(Self.read("still here", type: "heartbeat") == .ignored("event heartbeat"))
    }

    @Test(arguments: [
        (#"{"type":"INSERT","table":"t","record":{"id":1},"old_record":null}"#, LiveChange.Kind.created, "{\"id\":1}"),  // Supabase webhook
        (#"{"type":"DELETE","record":null,"old_record":{"id":2}}"#, .deleted, "{\"id\":2}"),
        (#"{"eventType":"UPDATE","new":{"id":3,"n":1},"old":{"id":3}}"#, .updated, "{\"id\":3,\"n\":1}"),  // supabase-js realtime
        (#"{"eventType":"DELETE","new":{},"old":{"id":4}}"#, .deleted, "{\"id\":4}"),
        (#"{"payload":{"op":"c","before":null,"after":{"id":5}}}"#, .created, "{\"id\":5}"),  // Debezium
        (#"{"op":"d","before":{"id":6},"after":null}"#, .deleted, "{\"id\":6}"),
        (#"{"op":"r","after":{"id":7}}"#, .upserted, "{\"id\":7}"),
        (#"{"event":{"op":"UPDATE","data":{"old":{"id":8},"new":{"id":8,"v":2}}},"table":{}}"#, .updated, "{\"id\":8,\"v\":2}"),  // Hasura
        (#"{"event":{"op":"DELETE","data":{"old":{"id":9},"new":null}}}"#, .deleted, "{\"id\":9}"),
        (#"{"action":"remove","data":{"id":10}}"#, .deleted, "{\"id\":10}"),
        (#"{"operation":"upsert","object":{"id":11}}"#, .upserted, "{\"id\":11}"),
        (#"{"type":"deleted","id":12}"#, .deleted, "{\"type\":\"deleted\",\"id\":12}"),  // only the key
    ])
    func theCommonFeedShapesAreRead(data: String, kind: LiveChange.Kind, record: String) throws {
        let change = try #require(Self.change(Self.read(data)), "\(data)")
        #expect(change.kind == kind)
        #expect(change.record.text == record)
    }

    @Test func aRecordsOwnTypeFieldDoesNotMakeItAnEnvelope() throws {
        // Rick and Morty characters have a `type` (usually empty); Debezium codes only in `op`.
        let character = #"{"id":1,"name":"Rick","type":"","status":"Alive"}"#
        #expect(Self.change(Self.read(character))?.record.text == character)
        let coded = #"{"id":2,"type":"c"}"#
        #expect(Self.change(Self.read(coded))?.kind == .upserted)
    }

    @Test func keysAreReadByTheListsKeyFields() throws {
        let record = #"{"org":"acme","name":"portal","id":3}"#
        #expect(Self.change(Self.read(record, keys: ["org", "name"]))?.key == .fields([.text("acme"), .text("portal")]))
        #expect(Self.change(Self.read(#"{"uid":12345678901234567890123}"#, keys: ["uid"]))?.key == .text("12345678901234567890123"))
        #expect(Self.read(#"{"type":"updated","record":{"name":"no key"}}"#) == .problem("an event whose record has no key (id)"))
        #expect(Self.read(#"{"id":true}"#) == .problem("an event whose record has no key (id)"))
    }

    @Test func resetsAndTruncatesSayTheListMustBeReadAgain() {
        #expect(Self.read(#"{"type":"reset","reason":"events 1-5 are gone"}"#, type: "reset") == .reset("events 1-5 are gone"))
        #expect(Self.read(#"{"type":"TRUNCATE","table":"t"}"#) == .reset("the server says to read the list again"))
        #expect(Self.read(#"{"op":"t"}"#) == .reset("the server says to read the list again"))
    }

    @Test func dataThatIsNotAJSONObjectIsAProblemWhenMeantAsAChange() {
        #expect(Self.read("{not json") == .problem("an event whose data is not JSON"))
        #expect(Self.read("[1,2]", type: "created") == .problem("an event whose data is not a JSON object"))
    }

    @Test func severalKeyFieldsAndTextKeysAreWrittenAsJSON() throws {
        let change = try #require(Self.change(Self.read(#"{"a":"x\"y","b":2}"#, keys: ["a", "b"])))
        #expect(change.jsonLine == #"{"type":"upserted","key":["x\"y",2],"record":{"a":"x\"y","b":2}}"#)
    }
}
