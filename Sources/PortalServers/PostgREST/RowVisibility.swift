import PortalCore

/// Row-level security as the mirror plays it: with N users (`--auth-user`, in the order
/// given), the user at index k owns the `characters` rows whose `(id - 1) % N == k` — with
/// one user every row, with two the first owns ids 1, 3, 5, … and the second 2, 4, 6, ….
/// Each user sees only their own rows, in tables and in the functions over them, as a
/// Postgres policy `using (owner = auth.uid())` would show them. The other tables
/// (`episodes`, `locations`, `pokemon`) are readable by every signed-in user.
public struct RowVisibility: Sendable, Hashable {
    public let user: Int
    public let users: Int

    public init(user: Int, users: Int) {
        self.user = user
        self.users = max(1, users)
    }

    /// Whether the row with `id` belongs to this user.
    public func owns(id: Int) -> Bool { ((id - 1) % users + users) % users == user }

    /// `table` as this user sees it (`name` says which table it is; only `characters`
    /// rows are owned).
    public func restrict(_ table: any RowTable, name: String) -> any RowTable {
        guard users > 1, name == "characters" else { return table }
        return RowSubset(table) { position in
            guard case .number(let text)? = table.value("id", at: position), let id = Int(text) else { return false }
            return owns(id: id)
        }
    }
}
