import Foundation
import PortalCore
import PortalDemoModels

/// Characters in tests, as portal holds them since they are records (issue 34): a typed
/// `Character` (the snapshot's, or one a test makes) goes in as its JSON served under the
/// snapshot's root and read by the preset's source, and a record comes back out as the
/// typed model, so a test still says `.character(rick)` and `item.character?.name`.
/// Only tests have these: portal itself has no character type.
extension Item {
    /// `c` as a record of the `character` list (`TestData.record`).
    public static func character(_ c: Character) -> Item { TestData.record(c, .character) }

    /// `c` as the API at `base` serves it (its `image` and links there), read by that source.
    public static func character(_ c: Character, base: BaseURL) -> Item {
        let body = Data(("[" + APIJSONEncoding(baseURL: base).line(c) + "]").utf8)
        guard let item = try? TestData.rickAndMorty(base: base).decodeItems(.character, HTTPResponse(status: 200, body: body)).first else {
            fatalError("not a character record")
        }
        return item
    }

    /// The record read back as a character, nil for anything else (any other list's record,
    /// a row, or fields a character does not have).
    public var character: Character? {
        guard kind == .character else { return nil }
        return try? Character.readOne(Data(record.row.json.utf8))
    }
}
