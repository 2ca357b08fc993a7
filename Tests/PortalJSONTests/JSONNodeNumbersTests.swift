import Foundation
import Testing
import PortalJSON

/// `JSONNode.double` reads a number as written or as a numeric string (OAuth2 token
/// endpoints send `expires_in` either way), and nothing else: the sessions read their
/// expiries through it instead of `JSONSerialization`.
@Suite("JSONNode reads numbers written as numbers or numeric strings")
struct JSONNodeNumbersTests {
    @Test func numbersAndNumericStringsAreDoubles() throws {
        let tree = try JSONNode.parse(Data(#"{"a":3600,"b":"1800","c":1.5e3,"d":-2,"e":"soon","f":true,"g":null,"h":"1e999"}"#.utf8)).node
        #expect(tree["a"]?.double == 3600)
        #expect(tree["b"]?.double == 1800)
        #expect(tree["c"]?.double == 1500)
        #expect(tree["d"]?.double == -2)
        #expect(tree["e"]?.double == nil)
        #expect(tree["f"]?.double == nil)
        #expect(tree["g"]?.double == nil)
        #expect(tree["h"]?.double == nil, "an infinite expiry is no number")
    }
}
