import Foundation
import PortalCore
import PortalDemoModels
import PortalServers

/// `--grow-every 5s`: the characters as a live API would have them, one more every
/// interval since the mirror started — for `portal --watch`.
///
/// New characters go at the END, with the next id: the Rick and Morty API lists
/// characters by ascending id and a new one gets the next id, so a real addition shows up
/// on the first page only as a larger `info.count` (and `info.pages`), and on the last
/// page as the new row. Each new one is a copy of an existing character (the table's
/// records cycled), renamed `Name (new 1)`, `Name (new 2)`…, so it is told apart.
public struct GrowingCharacterTable: ItemTable {
    public let base: any ItemTable<Character>
    public let every: Duration
    /// When the growing began (the mirror's start).
    public let start: ContinuousClock.Instant
    /// The clock read on every request (a test moves it by hand).
    let now: @Sendable () -> ContinuousClock.Instant
    /// The largest id of `base`: new ones count on from it.
    let lastID: Int

    public init(base: any ItemTable<Character>, every: Duration, now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }) {
        self.base = base
        self.every = max(every, .milliseconds(1))
        self.now = now
        self.start = now()
        lastID = base.count > 0 ? base.item(at: base.count - 1).id : 0
    }

    /// Characters added so far.
    public var added: Int {
        let elapsed = now() - start
        guard elapsed > .zero else { return 0 }
        return Int(min(Double(Int32.max), (elapsed / every).rounded(.down)))
    }

    public var count: Int { base.count + added }

    public func item(at position: Int) -> Character {
        guard position >= base.count, base.count > 0 else { return base.item(at: position) }
        let number = position - base.count + 1
        var character = base.item(at: (number - 1) % base.count)
        character.id = lastID + number
        character.name += " (new \(number))"
        return character
    }

    public func position(ofID id: Int) -> Int? {
        if let position = base.position(ofID: id) { return position }
        let number = id - lastID
        return number >= 1 && number <= added ? base.count + number - 1 : nil
    }
}
