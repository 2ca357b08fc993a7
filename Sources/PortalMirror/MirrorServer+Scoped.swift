extension MirrorOptions {
    /// Options for a mirror run inside another program (a test, a benchmark): a free port
    /// on loopback, no request log, threads of its own; `change` sets the rest.
    public static func inProcess(_ change: (inout MirrorOptions) -> Void = { _ in }) -> MirrorOptions {
        var options = MirrorOptions()
        options.port = 0
        options.log = .none
        options.ownThreads = true
        change(&options)
        return options
    }
}

extension MirrorServer {
    /// Runs `body` against a mirror started with `options` (serving `data` when given, as
    /// `start` does) and stops it gracefully once `body` returns or throws: a mirror scoped
    /// to one piece of work, which no path out of it leaves running.
    public static func with<T>(
        _ options: MirrorOptions, data: MirrorData? = nil, _ body: (RunningMirror) async throws -> T
    ) async throws -> T {
        let mirror = try await start(options, data: data)
        do {
            let result = try await body(mirror)
            await mirror.stop()
            return result
        } catch {
            await mirror.stop()
            throw error
        }
    }
}
