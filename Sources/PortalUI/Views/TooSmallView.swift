/// What a terminal smaller than `Layout.minimum` shows; the app recovers on the next resize.
public enum TooSmallView {
    public static let message = "terminal too small"

    public static func draw(size: Size, into screen: any Screen) {
        screen.draw(message, row: 0, column: 0, width: size.columns)
    }
}
