/// A source whose items' links are built under one API root: `y` copies an item as the
/// API serves it, with those links (the same JSON `portal list --json` prints).
public protocol APIRootNaming {
    var baseURL: BaseURL { get }
}
