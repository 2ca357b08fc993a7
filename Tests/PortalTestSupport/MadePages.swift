import PortalCore

extension PageAddressing {
    /// The addressing of a test's list whose pages are made on the spot by `request`
    /// (a table's rows, a scripted server's pages) rather than by an API's pages value.
    /// Only tests need it: every list in Sources/ addresses pages by a `PageAddressable`
    /// value (a pane's related ids: `RelatedIDPages`).
    public init(pageSize: Int, request: @escaping @Sendable (Int) -> PageRequest?) {
        self.init(pages: MadePages(pageSize: pageSize, make: request))
    }
}

/// Pages made by a rule (`PageAddressing.init(pageSize:request:)`).
private struct MadePages: PageAddressable {
    let pageSize: Int
    let make: @Sendable (Int) -> PageRequest?

    func request(forPage index: Int) -> PageRequest? { make(index) }
}
