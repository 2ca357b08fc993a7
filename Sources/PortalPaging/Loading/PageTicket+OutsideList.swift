import PortalCore

extension PageTicket {
    /// A ticket for `request` outside any list's own asking (the watch's look at the
    /// first page): a list never applies it, since it is not the page it has in flight.
    public init(outsideList generation: Int, request: PageRequest) {
        self.init(generation: generation, request: request)
    }
}
