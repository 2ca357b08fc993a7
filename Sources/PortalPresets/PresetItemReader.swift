import Foundation
import PortalCore

/// How a preset reads its items from their JSON text: as records (`records(_:)`), as a
/// table's rows (`pageRows`), or as whatever a caller's closure makes (the demo APIs' typed
/// models in the mirror and tests: PortalDemoModels). It is what a preset adds to a
/// dialect's list, which reads items only as `Row`s.
public struct PresetItemReader<Item: Sendable>: Sendable {
    private let readItems: @Sendable (Data, Int) throws -> [Item]

    /// `read` takes the items' JSON text and the list position of the first.
    public init(_ read: @escaping @Sendable (Data, Int) throws -> [Item]) {
        self.readItems = read
    }

    /// The models in `items` (a JSON array), the first at list position `firstPosition`.
    public func read(_ items: Data, firstPosition: Int) throws -> [Item] { try readItems(items, firstPosition) }
}

extension PresetItemReader where Item: PageRowDecodable {
    /// A table's rows (`Row`s keep their position) or a model's (`PageRowDecodable`).
    public static var pageRows: PresetItemReader { PresetItemReader { data, first in try Item.decodeRows(data, firstPosition: first) } }
}
