/// Items of an API portal has no description for (and table rows) may have no `id`: their
/// id is their position, so whether a page brought anything new is judged by their JSON
/// as served (`ContentIdentified`).
extension Item: ContentIdentified {
    public var contentKey: Int? {
        switch self {
        case .json(let item, _) where item.link == nil && item.id == .position(item.row.position): item.row.json.hashValue
        case .row(let row, _) where row["id"] == nil: row.json.hashValue
        default: nil
        }
    }
}
