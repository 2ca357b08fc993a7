import Foundation
import MCP
import PortalCore

/// `portal mcp`: a Model Context Protocol server on stdio (the official Swift SDK's
/// `Server`, protocol revision 2025-06-18 or later as the client asks) whose five tools
/// read the catalog's APIs with portal's engine. stdout carries protocol messages only;
/// what the server has to say otherwise goes to `log` (stderr).
public struct PortalMCPServer: Sendable {
    let session: MCPSession
    let limits: MCPLimits
    let log: @Sendable (String) -> Void

    public init(catalog: MCPCatalog, limits: MCPLimits = MCPLimits(), log: @escaping @Sendable (String) -> Void = { _ in }) {
        session = MCPSession(catalog: catalog)
        self.limits = limits
        self.log = log
    }

    static let instructions = """
        portal reads web APIs' lists a page at a time, with a cache. Call list_apis to find a list, describe_list \
        for its fields and filters, get_rows to read rows from any position (addressable lists jump straight there), \
        get_item for one record with its related lists, count_rows for how many rows match filters. Everything is read-only.
        """

    /// Serves on stdin/stdout until the client closes stdin.
    public func run() async throws {
        let server = Server(
            name: "portal", version: "0.1.0", title: "portal", instructions: Self.instructions,
            capabilities: Server.Capabilities(tools: Server.Capabilities.Tools(listChanged: false)))
        await server.withMethodHandler(ListTools.self) { _ in ListTools.Result(tools: ToolDefinitions.all) }
        await server.withMethodHandler(CallTool.self) { [self] params in
            guard let token = params._meta?.progressToken else { return await call(params.name, params.arguments) }
            // Progress goes out in order, all of it before the answer.
            let (events, sink) = AsyncStream<(walked: Int, total: Int?)>.makeStream()
            let sender = Task {
                for await event in events { try? await server.notify(Self.progress(token, event.walked, event.total)) }
            }
            let result = await call(params.name, params.arguments) { walked, total in sink.yield((walked, total)) }
            sink.finish()
            await sender.value
            return result
        }
        try await server.start(transport: StdioLines())
        log("portal mcp: serving \(session.catalog.apis.count) APIs on stdio")
        await server.waitUntilCompleted()
    }

    /// One tool call, answered within the call's deadline: its JSON answer, or a tool
    /// error whose text is a sentence (never a protocol error for bad arguments).
    func call(_ name: String, _ arguments: [String: Value]?, progress: @escaping RowsReader.Progress = { _, _ in }) async -> CallTool.Result {
        let started = limits.clock.now()
        let result = await within(seconds: limits.callSeconds) { () async throws(ToolError) -> String in
            try await answer(name, arguments, progress: progress)
        }
        let elapsed = limits.clock.now() - started
        switch result {
        case .success(let text):
            log("\(name): \(text.utf8.count) bytes in \(elapsed)")
            return CallTool.Result(content: [.text(text: text, annotations: nil, _meta: nil)], isError: false)
        case .failure(let error):
            log("\(name): error: \(error.sentence)")
            return CallTool.Result(content: [.text(text: error.sentence, annotations: nil, _meta: nil)], isError: true)
        }
    }

    private func answer(_ name: String, _ arguments: [String: Value]?, progress: @escaping RowsReader.Progress) async throws(ToolError) -> String {
        guard let allowed = ToolDefinitions.arguments(of: name) else {
            throw ToolError("no tool named '\(Sanitize.line(name, limit: 60))'; the tools: list_apis, describe_list, get_rows, get_item, count_rows")
        }
        let args = try ToolArguments(arguments, tool: name, allowed: allowed)
        switch name {
        case ToolDefinitions.listAPIs: return await CatalogTools(session: session, limits: limits).listAPIs()
        case ToolDefinitions.describeList: return try await CatalogTools(session: session, limits: limits).describe(args)
        case ToolDefinitions.countRows: return try await CatalogTools(session: session, limits: limits).count(args)
        case ToolDefinitions.getItem: return try await GetItemTool(session: session, limits: limits).call(args)
        default: return try await GetRowsTool(session: session, limits: limits).call(args, progress: progress)
        }
    }

    /// `work`, stopped (cancelled, its requests with it) when it runs past `seconds`.
    private func within(seconds: Int, _ work: @escaping @Sendable () async throws(ToolError) -> String) async -> Result<String, ToolError> {
        await withTaskGroup(of: Result<String, ToolError>?.self) { group in
            group.addTask {
                do throws(ToolError) { return .success(try await work()) } catch { return .failure(error) }
            }
            group.addTask {
                try? await limits.clock.sleep(.seconds(seconds))
                return Task.isCancelled ? nil : .failure(ToolError("no answer within \(seconds) s, the time limit of a call; ask for fewer rows, or continue a walk with its cursor"))
            }
            defer { group.cancelAll() }
            while let next = await group.next() {
                if let result = next { return result }
            }
            return .failure(ToolError("cancelled"))
        }
    }

    /// The progress notification of a walk at row `walked` (of `total`, when known).
    static func progress(_ token: ProgressToken, _ walked: Int, _ total: Int?) -> Message<ProgressNotification> {
        ProgressNotification.message(.init(
            progressToken: token, progress: Double(walked), total: total.map(Double.init),
            message: "walked \(walked) rows" + (total.map { " of \($0)" } ?? "")))
    }
}
