import PortalCore

/// A picture is its address (issue 35, item 17): two cards whose items name the same
/// picture (a list whose rows share an avatar, a placeholder image) ask for it once. A card
/// whose address is in flight for another card waits for that answer; one whose address
/// another card holds takes what that card holds (the whole picture, or its card's cells
/// and pixels, or the word that there is none). Without it the second card asked again,
/// and with no disk cache behind (`--cache off`) that was the network again whenever the
/// interpreter's small memory cache had let the picture go.
extension PictureStore {
    enum Sharing {
        /// Another card held it: this ticket now holds the same.
        case taken
        /// Another card's fetch of it is in flight.
        case waiting
        /// No other card has it: ask for it.
        case none
    }

    /// What `ticket` (a ticket with no entry) can have from another ticket of its address.
    func share(_ ticket: PictureTicket) -> Sharing {
        let address = ticket.request
        if inFlight.contains(where: { $0.request == address }) { return .waiting }
        guard let holder = holders[address], holder != ticket, let entry = entries[holder] else { return .none }
        switch entry {
        case .ready(let kept):
            // The pane draws a picture large: only a whole one will do for it.
            if !kept.isFull && ticket == lastSharp { return .none }
            entries[ticket] = .ready(kept)
            pictureBytes += kept.byteCount
            if kept.isFull {
                fullBytes += kept.byteCount
                full.insert(ticket)
            }
            if let own = drawings[holder] {
                drawings[ticket] = own
                renderingBytes += own.values.reduce(0) { $0 + $1.byteEstimate }
            }
        case .missing(let why):
            entries[ticket] = .missing(why)
        case .requested, .failed:
            return .none
        }
        // The newest holder: the last to be dropped.
        holders[address] = ticket
        return .taken
    }

    /// `ticket` no longer holds its address's answer.
    func dropHolder(_ ticket: PictureTicket) {
        if holders[ticket.request] == ticket { holders[ticket.request] = nil }
    }
}
