import PortalCore

/// The store's item → ticket memo filled as pages arrive (H39's, beside H40's store).
extension PictureStore {
    /// Remembers the tickets of items as their page arrives, from the pictures noted where
    /// it was decoded (`PageContent.pictures`, one per item), so the planning step only
    /// looks them up (`ticket(for:in:)`) instead of asking the source on the UI thread, and
    /// nothing is parsed or hashed here but the memo's own slots. Without them (`pictures`
    /// nil or not one per item) the items' remembered tickets are forgotten instead: they
    /// were made from the items' content before, and a row's picture column may have
    /// changed (made again when next needed).
    public func rememberTickets(of items: [Item], pictures: [ItemPicture?]?) {
        // A page as large as the memo (a bench's 50k batch) starts it over instead.
        guard items.count <= Self.rememberedTickets / 2 else {
            tickets.removeAll(keepingCapacity: true)
            return
        }
        guard let pictures, pictures.count == items.count else {
            for item in items { tickets.removeValue(forKey: PictureMemoKey(item.id)) }
            return
        }
        if tickets.count + items.count > Self.rememberedTickets { tickets.removeAll(keepingCapacity: true) }
        // Its whole size at once: grown a page at a time, it rehashed itself every few pages.
        if tickets.capacity < Self.rememberedTickets { tickets.reserveCapacity(Self.rememberedTickets) }
        for index in pictures.indices {
            if let picture = pictures[index] {
                tickets[PictureMemoKey(picture)] = PictureTicket(picture)
            } else {
                tickets[PictureMemoKey(items[index].id)] = .some(nil)  // none, as the source said
            }
        }
    }
}

/// An item's key in the store's item → ticket memo, its hash made once: from a noted
/// picture (`ItemPicture.itemHash`, made off the UI thread) or from the item's key.
struct PictureMemoKey: Hashable {
    let item: ItemKey
    let itemHash: Int

    init(_ item: ItemKey) {
        self.item = item
        itemHash = item.hashValue
    }

    init(_ picture: ItemPicture) {
        item = picture.item
        itemHash = picture.itemHash
    }

    static func == (a: PictureMemoKey, b: PictureMemoKey) -> Bool { a.itemHash == b.itemHash && a.item == b.item }

    func hash(into hasher: inout Hasher) { hasher.combine(itemHash) }
}
