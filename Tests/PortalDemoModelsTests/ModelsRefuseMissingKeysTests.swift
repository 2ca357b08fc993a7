import Foundation
import Testing
import PortalCore
@testable import PortalDemoModels

/// The demo models read straight from JSON (`APIDecodable`) refuse an object without a
/// required key, as `Decodable` does, instead of inventing a value.
@Suite("Models read from JSON refuse missing required keys")
struct ModelsRefuseMissingKeysTests {
    @Test func missingRequiredKeysAreErrors() {
        #expect(throws: (any Error).self) { _ = try Character.readOne(Data(#"{"id":1,"name":"x"}"#.utf8)) }
        #expect(throws: (any Error).self) { _ = try Episode.readOne(Data(#"{"id":1}"#.utf8)) }
    }
}
