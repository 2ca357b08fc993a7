import Foundation
import Testing
@testable import PortalCore
import PortalTestSupport
import PortalJSON

/// A preset's page is read by the same scanner as `JSONNode.parse`, told to skim the items
/// (`JSONEnvelope`): `fuzz-json-tree` checks the two agree on every input; here on real
/// pages and on the shapes where one object loop could go wrong (duplicate keys, space, an
/// items value that is not an array, escapes in keys).
@Suite struct TheEnvelopeAgreesWithTheParsedTreeTests {
    @Test func theEnvelopeIsTheParsedTreeWithoutItsItems() async throws {
        var bodies = [
            #"{"results":[{"id":1}],"results":[2],"info":{"next":null}}"#,
            #" { "a" : { "b" : [ 1 , { "c" : "d" } ] } , "e" : true } "#,
            #"{"items":"not a list","count":"3"}"#,
            #"{"k\u0065y":[1],"key":{"x":[]}}"#,
            #"{"only":{}}"#,
        ].map { Array($0.utf8) }
        for path in ["/character?page=2", "/episode?page=3", "/location"] { bodies.append([UInt8](try await get(path).body)) }
        for body in bodies {
            let tree = try JSONNode.parse(Data(body))
            try FuzzEntryPoint.envelopeAgrees(body, with: tree)
        }
    }

    @Test func theFirstOfDuplicateKeysIsSkimmed() throws {
        let body = Array(#"{"results":[1],"results":[2,3]}"#.utf8)
        let envelope = try JSONEnvelope.read(Data(body), items: ["results"])
        #expect(envelope.root.fields?.map { $0.value.node.elements?.count } == [0, 2])
        #expect(envelope.items.map { String(decoding: $0, as: UTF8.self) } == "[1]")
        try FuzzEntryPoint.envelopeAgrees(body, with: try JSONNode.parse(Data(body)))
    }

    /// The tree decodes escapes by `JSONReader`'s rules: a string with an escape reads its
    /// bytes as one without (not UTF-8: U+FFFD), surrogate pairs joined, a lone one refused.
    @Test func theTreeDecodesEscapesAsTheTypedReader() throws {
        let lossy: [UInt8] = Array(#"{"a":"x\n"#.utf8) + [0xFF] + Array(#"","b":"x"#.utf8) + [0xFF] + Array(#""}"#.utf8)
        let tree = try JSONNode.parse(Data(lossy)).node
        #expect(tree["a"]?.string == "x\n\u{FFFD}" && tree["b"]?.string == "x\u{FFFD}")
        #expect(try JSONNode.parse(Data(#""\ud83d\ude00 \u00e9\t\/""#.utf8)).node.string == "😀 é\t/")
        #expect(throws: JSONNodeError.self) { try JSONNode.parse(Data(#""\ud83d""#.utf8)) }
        #expect(throws: JSONNodeError.self) { try JSONNode.parse(Data(#""\x""#.utf8)) }
    }
}
