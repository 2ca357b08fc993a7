import Foundation
import Testing
import PortalDemoModels

@Suite("JSONReader reads strict JSON and refuses the rest")
struct JSONReaderTests {
    @Test(arguments: [
        #""plain""#, #""tab\tnew\nline""#, #""quote \" slash \/ back \\""#, #""\u00e9\u5b57""#,
        #""\ud83d\ude42 smile""#, #""raw é字🙂""#, #""\u0000\u001b[31m""#,
    ])
    func stringsMatchFoundation(json: String) throws {
        var reader = JSONReader(Data(json.utf8))
        let ours = try reader.readString()
        let theirs = try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed) as? String
        #expect(ours == theirs)
    }

    @Test(arguments: ["", "{", #"{"a":}"#, #"{"a":1,}"#, "[1,2", #""unterminated"#, #""bad \x escape""#, "{\"a\":\"new\nline\"}", "nul", #"{"a":1} x"#])
    func malformedInputThrows(json: String) {
        #expect(throws: (any Error).self) {
            var reader = JSONReader(Data(json.utf8))
            try reader.readObjectOrArrayForTest()
            try reader.expectEnd()
        }
    }

    @Test func skipsUnknownValuesOfEveryKind() throws {
        let json = #"{"a":[1,-2.5e3,{"b":[true,false,null]}],"id":7,"c":"\"}"}"#
        var reader = JSONReader(Data(json.utf8))
        var id: Int?
        try reader.readObject { r, key in
            if key == "id" { id = try r.readInt() } else { try r.skipValue() }
        }
        try reader.expectEnd()
        #expect(id == 7)
    }

    @Test func integersRefuseFractions() {
        #expect(throws: (any Error).self) { var r = JSONReader(Data("1.5".utf8)); _ = try r.readInt() }
        #expect(throws: (any Error).self) { var r = JSONReader(Data("99999999999999999999".utf8)); _ = try r.readInt() }
    }
}

extension JSONReader {
    /// Reads whatever composite value comes next, skipping its contents.
    mutating func readObjectOrArrayForTest() throws {
        try skipValue()
    }
}
