/// The UI as the terminal loop sees it. One UI thread calls everything here.
///
/// One function takes every event and returns the work it wants done; state changes only
/// there. The loop hands the effects to an `EffectPerformer` (ending on `.quit`) and draws
/// a frame when `needsRedraw` says something changed.
@MainActor
public protocol App: AnyObject {
    func update(_ event: AppEvent) -> [Effect]
    /// Every event that waited at one wake-up, in order, planned once.
    func update(_ events: [AppEvent]) -> [Effect]
    /// True when something changed since the last `render`.
    var needsRedraw: Bool { get }
    func render(into screen: any Screen)
}
