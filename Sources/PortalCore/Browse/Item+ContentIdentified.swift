/// Items of an API portal has no description for (and table rows) may have no `id`: their
/// id is their position, so whether a page brought anything new is judged by their JSON
/// as served (`ContentIdentified`).
extension Item: ContentIdentified {
    public var contentKey: Int? {
        record.link == nil && record.id == .position(record.row.position) ? record.row.json.hashValue : nil
    }
}
