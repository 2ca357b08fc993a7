import PortalCore
import PortalDemoModels

/// `count` synthetic characters made from the real ones, computed on demand in constant
/// time: position `p` is base record `p % base.count` with the fresh id `p + 1`, and from
/// the second cycle on its name is marked with the cycle (`Rick Sanchez #2`). The avatar
/// number stays the base record's, so `…/avatar/N.jpeg` of any id has a real image.
///
/// A million characters need no file and no memory beyond the base records.
public struct SyntheticCharacterTable: ItemTable {
    public let base: [Character]
    public let count: Int

    /// `base` must not be empty; it is put in id order.
    public init(base: [Character], count: Int) {
        precondition(!base.isEmpty, "synthetic characters need at least one base record")
        self.base = base.sorted { $0.id < $1.id }
        self.count = max(0, count)
    }

    public func item(at position: Int) -> Character {
        var character = base[position % base.count]
        let cycle = position / base.count
        character.id = position + 1
        if cycle >= 1 { character.name += " #\(cycle + 1)" }
        return character
    }

    public func position(ofID id: Int) -> Int? {
        id >= 1 && id <= count ? id - 1 : nil
    }
}
