/// What `y` / `Y` / `o` / `w` / `|` said on the status line, until the next key.
struct StatusNotice {
    var text: String?
}

extension ScreenController {
    var notice: String? {
        get { status.text }
        set { status.text = newValue }
    }
}
