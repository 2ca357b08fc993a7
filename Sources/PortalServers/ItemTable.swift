import PortalCore
import PortalDemoModels
import PortalPresets

/// Items of one resource in id order, as the server sees them.
///
/// The snapshot keeps the real records in an array; the mirror's `--scale` serves a
/// million synthetic ones computed on demand. The API rules work on either.
public protocol ItemTable<Item>: Sendable {
    associatedtype Item: Sendable
    var count: Int { get }
    /// The item at `position` (0-based, in id order).
    func item(at position: Int) -> Item
    /// Where the item with this id is, if it exists.
    func position(ofID id: Int) -> Int?
    /// Changes when the items do (the mirror's `--churn`), so a filter scan kept for one
    /// state is not read for another; 0 for a table that never changes in place.
    var generation: Int { get }
}

extension ItemTable {
    public var generation: Int { 0 }
}

/// A table backed by an array sorted by id.
public struct ArrayTable<Item: Identifiable & Sendable>: ItemTable where Item.ID == Int {
    public let items: [Item]
    private let positions: [Int: Int]

    public init(_ items: [Item]) {
        self.items = items.sorted { $0.id < $1.id }
        var positions: [Int: Int] = [:]
        positions.reserveCapacity(items.count)
        for (index, item) in self.items.enumerated() { positions[item.id] = index }
        self.positions = positions
    }

    public var count: Int { items.count }
    public func item(at position: Int) -> Item { items[position] }
    public func position(ofID id: Int) -> Int? { positions[id] }
}

/// A value the API's filters can read: the field for a filter key, or nil.
public protocol FilterableItem {
    func filterField(_ key: String) -> String?
}

extension Character: FilterableItem {
    public func filterField(_ key: String) -> String? {
        switch key {
        case "name": name
        case "status": status.rawValue
        case "species": species
        case "type": type
        case "gender": gender.rawValue
        default: nil
        }
    }
}

extension Location: FilterableItem {
    public func filterField(_ key: String) -> String? {
        switch key {
        case "name": name
        case "type": type
        case "dimension": dimension
        default: nil
        }
    }
}

extension Episode: FilterableItem {
    public func filterField(_ key: String) -> String? {
        switch key {
        case "name": name
        case "episode": code
        default: nil
        }
    }
}

/// The server's filter semantics: trimmed, case-insensitive substring match with
/// punctuation taken literally; a `gender` value starting with `male` is anchored at the
/// start, so `gender=male` does not match `Female`.
public struct FilterMatcher: Sendable {
    private let tests: [(key: String, needle: String, anchored: Bool)]

    public init(_ filters: [APIRequest.Filter]) {
        tests = filters.compactMap { f in
            let needle = f.value.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            guard !needle.isEmpty else { return nil }
            return (f.key, needle, f.key == "gender" && needle.hasPrefix("male"))
        }
    }

    public var isEmpty: Bool { tests.isEmpty }

    public func matches(_ item: some FilterableItem) -> Bool {
        for test in tests {
            guard let field = item.filterField(test.key)?.lowercased() else { return false }
            if test.anchored ? !field.hasPrefix(test.needle) : !field.contains(test.needle) { return false }
        }
        return true
    }
}

import Foundation
