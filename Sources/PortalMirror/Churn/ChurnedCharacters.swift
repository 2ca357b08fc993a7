import PortalCore
import PortalDemoModels
import PortalServers

/// One change `--churn` made: its number (the SSE event id, counting from 1), what
/// happened, and the record after it (before it, for a deletion).
public struct ChurnChange: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable { case created, updated, deleted }
    public var number: Int
    public var kind: Kind
    public var record: Character
}

/// The characters after some number of `--churn` changes: the base table (the snapshot,
/// or `--scale`'s synthetic ones) with records deleted, created past the end and edited.
///
/// A value, so a request reads one state from its first row to its last (`ChurnPin`).
/// Created records count on from the base's largest id, each a copy of a base record
/// renamed `Name (new N)` as `--grow-every` makes them; an edit moves the status on
/// (Alive → Dead → unknown → Alive) and marks the name `(edit N)`. Which change comes
/// next, and to which row, is drawn from a `SplitMix64` in one fixed order, so the n-th
/// change of a seed is always the same.
public struct ChurnedCharacters: Sendable {
    let base: any ItemTable<Character>
    /// The base's largest id: created ones count on from it.
    let lastID: Int
    private(set) var slots: AliveSlots
    /// Edits so far, by id.
    private(set) var edits: [Int: Int] = [:]
    /// Changes made: the number of the last one.
    public private(set) var changes = 0

    init(base: any ItemTable<Character>) {
        self.base = base
        lastID = base.count > 0 ? base.item(at: base.count - 1).id : 0
        slots = AliveSlots(count: base.count)
    }

    public var count: Int { slots.alive }

    public func item(at position: Int) -> Character { record(slot: slots.select(position)) }

    public func position(ofID id: Int) -> Int? {
        guard let slot = slot(ofID: id), slots.isAlive(slot) else { return nil }
        return slots.rank(slot)
    }

    private func slot(ofID id: Int) -> Int? {
        if id <= lastID { return base.position(ofID: id) }
        let slot = base.count + id - lastID - 1
        return slot < slots.slots ? slot : nil
    }

    /// The record in `slot` as it is now: a base or created one, with its edits.
    private func record(slot: Int) -> Character {
        var character: Character
        if slot < base.count {
            character = base.item(at: slot)
        } else {
            let number = slot - base.count + 1
            character = base.item(at: (number - 1) % max(1, base.count))
            character.id = lastID + number
            character.name += " (new \(number))"
        }
        if let edits = edits[character.id] {
            character.name += " (edit \(edits))"
            character.status = Self.status(after: character.status, moves: edits)
        }
        return character
    }

    static let statusCycle = ["Alive", "Dead", "unknown"]

    static func status(after status: CharacterStatus, moves: Int) -> CharacterStatus {
        let start = statusCycle.firstIndex(of: status.rawValue) ?? 0
        return CharacterStatus(rawValue: statusCycle[(start + moves) % statusCycle.count])
    }

    /// Makes the next change, drawn from `generator`: created, updated or deleted alike
    /// (created when one row or none is left), on a row drawn uniformly.
    mutating func step(_ generator: inout SplitMix64) -> ChurnChange {
        let roll = generator.next() % 3
        changes += 1
        guard roll != 0, count > 1, base.count > 0 else {
            slots.append()
            return ChurnChange(number: changes, kind: .created, record: record(slot: slots.slots - 1))
        }
        let slot = slots.select(Int(generator.next() % UInt64(count)))
        if roll == 1 {
            let id = record(slot: slot).id
            edits[id, default: 0] += 1
            return ChurnChange(number: changes, kind: .updated, record: record(slot: slot))
        }
        let gone = record(slot: slot)
        slots.remove(slot)
        return ChurnChange(number: changes, kind: .deleted, record: gone)
    }
}
