import Foundation
import Testing
import PortalJSON

/// The one scanner decodes a string's escapes itself (`JSONStringEscapes`), byte for byte
/// as portal always has: every escape of RFC 8259, `\u` surrogate pairs joined, a lone high
/// surrogate refused and a lone low one read as U+FFFD, and bytes that are not UTF-8 read
/// as U+FFFD whether or not the string holds an escape. Strings are compared by their UTF-8
/// bytes, not by `==` (which equates canonically equivalent text).
@Suite struct JSONNodeDecodesStringEscapesTests {
    static func string(_ body: [UInt8]) throws -> [UInt8] {
        let node = try JSONNode.parse(Data(body)).node
        return Array(try #require(node.string).utf8)
    }

    static func string(_ json: String) throws -> [UInt8] { try string(Array(json.utf8)) }

    @Test(arguments: [
        #""plain""#, #""tab\tnew\nline""#, #""quote \" slash \/ back \\""#, #""\u00e9\u5b57""#,
        #""\ud83d\ude42 smile""#, #""\uD834\uDD1E upper-case hex""#, #""raw é字🙂""#, #""\u0000\u001b[31m""#,
        #""\b\f\r""#, #""\\u0041 is no escape""#,
    ])
    func validStringsReadAsFoundationReadsThem(json: String) throws {
        let theirs = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed) as? String)
        #expect(try Self.string(json) == Array(theirs.utf8))
    }

    @Test func eachEscapeDecodesToItsByte() throws {
        #expect(try Self.string(#""\"\\\/\b\f\n\r\t""#) == [0x22, 0x5C, 0x2F, 0x08, 0x0C, 0x0A, 0x0D, 0x09])
        #expect(try Self.string(#""\u0041\u00e9\u20AC\ud83d\ude00""#) == Array("Aé€😀".utf8))
        #expect(try Self.string(#""a\u0000b""#) == [0x61, 0x00, 0x62])
    }

    /// Kept as it always was: a low surrogate alone is no scalar, and reads as U+FFFD.
    @Test func aLoneLowSurrogateReadsAsTheReplacementCharacter() throws {
        #expect(try Self.string(#""x\udc00y""#) == Array("x\u{FFFD}y".utf8))
    }

    @Test(arguments: [
        #""\ud83d""#, #""\ud83d x""#, #""\ud83d\u0041""#, #""\ud83d\n""#, #""\ud83d\ud83d""#,
        #""\u12""#, #""\u12G4""#, #""\x""#, #""\a""#, #""\U0041""#, #""\ ""#,
    ])
    func malformedEscapesAreRefused(json: String) {
        #expect(throws: JSONNodeError.self) { try JSONNode.parse(Data(json.utf8)) }
    }

    @Test func anEscapedControlByteIsRefused() {
        #expect(throws: JSONNodeError.self) { try JSONNode.parse(Data([0x22, 0x5C, 0x01, 0x22])) }
        #expect(throws: JSONNodeError.self) { try JSONNode.parse(Data([0x22, 0x5C, 0x6E, 0x01, 0x22])) }
    }

    /// The decoded bytes are read as UTF-8 once, whole: a sequence cut by an escape is
    /// not UTF-8 and reads as U+FFFD, as it does in a string without escapes.
    @Test func bytesThatAreNotUTF8ReadAsTheReplacementCharacter() throws {
        #expect(try Self.string([0x22, 0x61, 0x5C, 0x6E, 0xFF, 0xFE, 0x22]) == Array("a\n\u{FFFD}\u{FFFD}".utf8))
        #expect(try Self.string([0x22, 0xC3, 0x5C, 0x6E, 0xA9, 0x22]) == Array("\u{FFFD}\n\u{FFFD}".utf8))
        #expect(try Self.string([0x22, 0xE2, 0x82] + Array(#"\u00e9""#.utf8)) == Array("\u{FFFD}é".utf8))
        #expect(try Self.string([0x22, 0xE2, 0x82, 0xAC, 0x5C, 0x74, 0x22]) == Array("€\t".utf8))
    }

    @Test func keysAreDecodedByTheSameRules() throws {
        let node = try JSONNode.parse(Data(#"{"k\u0065y":1,"\ud83d\ude00":2}"#.utf8)).node
        #expect(node["key"] != nil && node["😀"] != nil)
        #expect(throws: JSONNodeError.self) { try JSONNode.parse(Data(#"{"\ud83d":1}"#.utf8)) }
    }

    /// A string's escapes decode the same in a skimmed envelope's tree as in a whole parse.
    @Test func theEnvelopeDecodesAsTheTreeDoes() throws {
        let body = Data(#"{"items":[{"a":"\u00e9"}],"title":"x\ty\ud83d\ude00"}"#.utf8)
        let envelope = try JSONEnvelope.read(body, items: ["items"])
        #expect(envelope.root["title"]?.string.map { Array($0.utf8) } == Array("x\ty😀".utf8))
        #expect(try JSONNode.parse(body).node["title"]?.string.map { Array($0.utf8) } == Array("x\ty😀".utf8))
    }
}
