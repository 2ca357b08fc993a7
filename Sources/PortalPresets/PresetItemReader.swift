import Foundation
import PortalCore
import PortalJSON

/// How a preset reads its items from their JSON text: as typed models, by the fastest
/// reader the model has (`APIDecodable`'s byte reader, else `Decodable`). It is what a
/// preset adds to a dialect's list, which reads items only as `Row`s.
public struct PresetItemReader<Item: Sendable>: Sendable {
    private let readItems: @Sendable (Data, Int) throws -> [Item]

    /// `read` takes the items' JSON text and the list position of the first.
    public init(_ read: @escaping @Sendable (Data, Int) throws -> [Item]) {
        self.readItems = read
    }

    /// The models in `items` (a JSON array), the first at list position `firstPosition`.
    public func read(_ items: Data, firstPosition: Int) throws -> [Item] { try readItems(items, firstPosition) }
}

extension PresetItemReader where Item: Decodable {
    /// `JSONDecoder`'s reading.
    public static var decodable: PresetItemReader { PresetItemReader { data, _ in try JSONDecoder().decode([Item].self, from: data) } }
}

extension PresetItemReader where Item: APIDecodable {
    /// The models' own byte reader (`JSONReader`).
    public static var apiDecodable: PresetItemReader { PresetItemReader { data, _ in try Item.readArray(data) } }
}

extension PresetItemReader where Item: PageRowDecodable {
    /// A table's rows (`Row`s keep their position) or a model's (`PageRowDecodable`).
    public static var pageRows: PresetItemReader { PresetItemReader { data, first in try Item.decodeRows(data, firstPosition: first) } }
}
