import PortalJSON

extension PageFailure {
    /// A body `JSONNode.parse` refused: past a limit it is one clear line that is never
    /// retried (the same answer would come back), and what is loaded stays; else a
    /// malformed answer.
    public init(notJSON error: JSONNodeError) {
        if error.isLimit {
            self.init(.transport(.bodyTooLarge(limit: JSONNodeLimits.standard.floor)), error.description)
        } else {
            self.init(.malformed, "not JSON: \(error)")
        }
    }
}
