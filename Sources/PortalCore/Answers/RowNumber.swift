/// The integer a row's identity is in the browser (`ItemKey` ids are integers), taken from
/// three ranges that never meet: an integer `id` stands for itself (up to ±2⁶¹), a row with
/// no `id` is its position (from 2⁶²), and any other `id` (a uuid, `2.5e300`, an integer
/// past ±2⁶¹) is a hash of its text (from 2⁶² + 2⁶¹).
///
/// Why: a row's number used to be its `id` when that was an integer, else its position,
/// so an item whose position equalled another item's `id` was taken for it and dropped as
/// a duplicate (`2.5e300` at position 2 beside `id: 2`, lost).
public enum RowNumber {
    static let ownLimit = 1 << 61
    static let positionBase = 1 << 62
    static let textBase = (1 << 62) + (1 << 61)

    /// The number for a row with `id` (its `id` column as text, or `#position` when it has
    /// none, as `RowReader` and `JSONItems` write it) at `position`.
    public static func of(id: String, position: Int) -> Int {
        if let own = Int(id), own > -ownLimit, own < ownLimit { return own }
        if id == "#\(position)" { return positionBase + (position & (ownLimit - 1)) }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in id.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return textBase + Int(truncatingIfNeeded: hash & UInt64(ownLimit - 1))
    }
}
