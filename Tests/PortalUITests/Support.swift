import Foundation
import PortalCore
import PortalTestSupport
import PortalUI
import Synchronization
import Testing

/// Queues the controller's work so a test decides when each piece runs and is delivered.
final class FakeRunner: EffectRunner {
    private(set) var pending: [@Sendable () async -> AppMessage] = []

    func run(_ work: @escaping @Sendable () async -> AppMessage) { pending.append(work) }

    /// Interim messages posted by the last work that ran, in order.
    private(set) var interim: [AppMessage] = []
    private let posted = Posted()

    func runReporting(_ work: @escaping @Sendable (_ post: @escaping @Sendable (AppMessage) -> Void) async -> AppMessage) {
        let posted = self.posted
        pending.append { await work { message in posted.append(message) } }
    }

    var isEmpty: Bool { pending.isEmpty }
    var count: Int { pending.count }

    /// Runs the oldest work and returns its message without delivering it.
    @MainActor
    func takeNext() async -> AppMessage? {
        guard !pending.isEmpty else { return nil }
        let work = pending.removeFirst()
        let message = await work()
        interim = posted.take()
        return message
    }

    /// Runs the oldest work and delivers its message; false when nothing was queued.
    @MainActor
    @discardableResult
    func runNext(into app: any App) async -> Bool {
        guard let message = await takeNext() else { return false }
        app.receive(message)
        return true
    }

    /// Runs and delivers until nothing is queued (work may queue more work).
    @MainActor
    @discardableResult
    func drain(into app: any App, limit: Int = 500) async -> Int {
        var n = 0
        while n < limit, await runNext(into: app) { n += 1 }
        return n
    }
}

@MainActor
struct Harness {
    let transport: CountingTransport
    let runner = FakeRunner()
    let controller: ScreenController

    /// Avatars are off unless asked for, so the other suites see exactly the episode and
    /// page work they count (the avatar suite turns them on).
    init(size: Size, inner: any Transport = TestData.snapshot, retryPolicy: RetryPolicy = .none, start: Bool = true, avatars: Bool = false) {
        transport = CountingTransport(inner)
        controller = ScreenController(transport: transport, baseURL: TestData.baseURL, sourceLabel: "offline snapshot",
                                      runner: runner, retryPolicy: retryPolicy, showsAvatars: avatars)
        if start { controller.start(size: size) }
    }

    func press(_ keys: KeyInput...) { for key in keys { _ = controller.handle(key) } }

    func type(_ text: String) { for c in text { _ = controller.handle(.character(c)) } }

    /// Searches by name through the prompt and delivers the results.
    func search(_ text: String) async {
        press(.character("/"))
        type(text)
        press(.enter)
        await runner.drain(into: controller)
    }

    func screen(colorCount: Int = 256) -> TextScreen {
        let screen = TextScreen(size: controller.size, colorCount: colorCount)
        controller.render(into: screen)
        return screen
    }
}

/// Compares `text` with `Golden/<name>.txt`; with `PORTAL_RECORD_GOLDEN=1` writes it instead
/// (into the source tree, found from this file's path, not the built bundle).
func expectGolden(_ text: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let contents = text + "\n"
    if ProcessInfo.processInfo.environment["PORTAL_RECORD_GOLDEN"] == "1" {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try? contents.write(to: dir.appendingPathComponent(name + ".txt"), atomically: true, encoding: .utf8)
        return
    }
    guard let url = Bundle.module.url(forResource: name, withExtension: "txt", subdirectory: "Golden"),
          let golden = try? String(contentsOf: url, encoding: .utf8) else {
        Issue.record("missing golden \(name).txt — run with PORTAL_RECORD_GOLDEN=1", sourceLocation: sourceLocation)
        return
    }
    #expect(contents == golden, "screen differs from Golden/\(name).txt:\n\(contents)", sourceLocation: sourceLocation)
}

/// Collects interim messages from work running on other threads.
final class Posted: Sendable {
    private let messages = Mutex<[AppMessage]>([])
    func append(_ message: AppMessage) { messages.withLock { $0.append(message) } }
    func take() -> [AppMessage] { messages.withLock { list in defer { list = [] }; return list } }
}
