import PortalCore

/// What one `portal mcp` session remembers between calls: the APIs opened (each once,
/// callers at the same moment share the opening), each list's total as last said, and the
/// pages a walk passed (their requests, by the position of their first row), so a walking
/// list read again — or continued by `next_cursor` — starts from the nearest page seen
/// instead of its first. Answers themselves are the transports' caches' (memory, disk).
actor MCPSession {
    let catalog: MCPCatalog
    private var opening: [String: Task<MCPOpenedAPI, any Error>] = [:]
    private var facts: [ListKey: ListFacts] = [:]
    private var cursors: [String: Cursor] = [:]
    private var nextCursor = 1
    /// Records read, by list and key, for `get_item` on an API that cannot look one up.
    private var seen: [String: Item] = [:]
    private var seenOrder: [String] = []

    /// A list with its filters and order: the identity of its pages.
    struct ListKey: Hashable, Sendable {
        let api: String
        let query: ListQuery
    }

    /// What a list's pages said so far.
    struct ListFacts: Sendable {
        var total: Int?
        var estimated: Int?
        /// Pages seen, by the 1-based position of their first row.
        var pages: [Int: PageRequest] = [:]
    }

    /// A continuation handed to an agent (`next_cursor`): where the next row is.
    struct Cursor: Sendable {
        let list: ListKey
        let listName: String
        let position: Int
    }

    /// Pages remembered per list at most (the oldest positions first to go).
    static let pagesRemembered = 4_096
    /// Cursors handed out at most (the oldest forgotten first).
    static let cursorsRemembered = 1_024

    init(catalog: MCPCatalog) {
        self.catalog = catalog
    }

    /// The API `name`, opened once; a failure is a sentence and is tried again next time.
    func open(_ name: String) async throws(ToolError) -> MCPOpenedAPI {
        guard let api = catalog.api(named: name) else {
            let names = catalog.apis.map(\.name).joined(separator: ", ")
            throw ToolError("no API named '\(Sanitize.line(name, limit: 80))'; the APIs are: \(names) (see list_apis)")
        }
        let task = opening[name] ?? Task { try await api.open() }
        opening[name] = task
        do {
            return try await Awaiting.value(of: task)
        } catch is CancellationError {
            // This caller gave up (its deadline, the client); the opening goes on.
            throw ToolError("cancelled while \(name) was opening")
        } catch {
            opening[name] = nil
            if let error = error as? ToolError { throw error }
            throw ToolError("\(name) could not be opened: \(Sanitize.line("\(error)", limit: 300))")
        }
    }

    /// `open`, waited for at most `seconds`: nil when it is still opening (it goes on, and a
    /// later call finds it open).
    func open(_ name: String, waitingAtMost seconds: Int, clock: MCPClock) async -> Result<MCPOpenedAPI, ToolError>? {
        await withTaskGroup(of: Result<MCPOpenedAPI, ToolError>?.self) { group in
            group.addTask {
                do throws(ToolError) { return .success(try await self.open(name)) } catch { return .failure(error) }
            }
            group.addTask {
                try? await clock.sleep(.seconds(seconds))
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    /// Whether `name` is open already (list_apis says more of an open API and asks nothing).
    func isOpen(_ name: String) async -> MCPOpenedAPI? {
        guard let task = opening[name] else { return nil }
        return try? await task.value
    }

    func facts(of key: ListKey) -> ListFacts? { facts[key] }

    /// Notes a total the list's pages said, and the pages passed (`position` → request).
    func note(_ key: ListKey, total: Int?, estimated: Int?, pages: [(Int, PageRequest)]) {
        var known = facts[key] ?? ListFacts()
        if let total { known.total = total }
        if let estimated { known.estimated = estimated }
        for (position, request) in pages { known.pages[position] = request }
        if known.pages.count > Self.pagesRemembered {
            for position in known.pages.keys.sorted().prefix(known.pages.count - Self.pagesRemembered) {
                known.pages[position] = nil
            }
        }
        facts[key] = known
    }

    /// The page seen nearest before `position` (its request and its first row's position).
    func resume(_ key: ListKey, before position: Int) -> (request: PageRequest, position: Int)? {
        guard let known = facts[key], let start = known.pages.keys.filter({ $0 <= position }).max(),
              let request = known.pages[start] else { return nil }
        return (request, start)
    }

    /// A new cursor for the row at `position` of `key`'s list.
    func cursor(for key: ListKey, listName: String, position: Int) -> String {
        let token = "c\(nextCursor)-\(position)"
        nextCursor += 1
        cursors[token] = Cursor(list: key, listName: listName, position: position)
        if cursors.count > Self.cursorsRemembered, let oldest = cursors.keys.min(by: { Self.serial($0) < Self.serial($1) }) {
            cursors[oldest] = nil
        }
        return token
    }

    func cursor(_ token: String) -> Cursor? { cursors[token] }

    /// Records seen at most (the oldest forgotten first).
    static let recordsRemembered = 5_000

    /// Keeps `items` of `api`'s `list` by key.
    func remember(_ items: [(key: String, item: Item)], api: String, list: String) {
        for (key, item) in items {
            let id = "\(api)\u{1}\(list)\u{1}\(key)"
            if seen.updateValue(item, forKey: id) == nil { seenOrder.append(id) }
        }
        if seenOrder.count > Self.recordsRemembered {
            let gone = seenOrder.count - Self.recordsRemembered
            for id in seenOrder.prefix(gone) { seen[id] = nil }
            seenOrder.removeFirst(gone)
        }
    }

    func seen(api: String, list: String, key: String) -> Item? { seen["\(api)\u{1}\(list)\u{1}\(key)"] }

    private static func serial(_ token: String) -> Int {
        Int(token.dropFirst().prefix { $0 != "-" }) ?? 0
    }
}
