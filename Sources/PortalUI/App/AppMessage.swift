/// Results of asynchronous work, delivered to the UI thread. Each carries the identity of
/// what asked for it so that results for something no longer shown can be dropped.
/// (The UI layer owns this type and extends it as it grows.)
public enum AppMessage: Sendable {
    case placeholder
}
