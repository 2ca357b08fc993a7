import Foundation

/// How a preset reads its items from their JSON text: as typed models, by the fastest
/// reader the model has (`APIDecodable`'s byte reader, else `Decodable`). It is what a
/// preset adds to a dialect's list, which reads items only as `Row`s.
public struct PresetItemReader<Item: Sendable>: Sendable {
    private let readItems: @Sendable (Data) throws -> [Item]

    public init(_ read: @escaping @Sendable (Data) throws -> [Item]) {
        self.readItems = read
    }

    /// The models in `items` (a JSON array).
    public func read(_ items: Data) throws -> [Item] { try readItems(items) }
}

extension PresetItemReader where Item: Decodable {
    /// `JSONDecoder`'s reading.
    public static var decodable: PresetItemReader { PresetItemReader { try JSONDecoder().decode([Item].self, from: $0) } }
}

extension PresetItemReader where Item: APIDecodable {
    /// The models' own byte reader (`JSONReader`).
    public static var apiDecodable: PresetItemReader { PresetItemReader { try Item.readArray($0) } }
}
