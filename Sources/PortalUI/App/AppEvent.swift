/// Everything that can happen to the UI, in the one form its update function takes.
public enum AppEvent: Sendable {
    /// The loop is ready; the terminal has this size.
    case start(Size)
    case key(KeyInput)
    case resize(Size)
    /// A result (or interim note) of an effect.
    case message(AppMessage)
    /// The terminal answered (`--pictures auto`): pictures are drawn this way from now on.
    case pictures(PictureMode)
}
