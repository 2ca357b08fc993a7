import PortalCore

/// The spec a list is read with, whole: what the user wrote, and for everything left out
/// what today's heuristics chose — the paging dialect the first answer was read in (its
/// parameters and where the total is), the key, the title, subtitle and picture fields of
/// the first record. `portal apis show NAME LIST` prints it to paste and edit.
extension ListSpec {
    /// This spec completed by `reading` (the list's first answer as read) and `first`
    /// (a record of the list, when it has one).
    public func inForce(reading: ListReading, first: Record?) -> ListSpec {
        var spec = self
        if spec.paging == nil { spec.paging = PagingSpec(reading) }
        if spec.key == nil, let first, first.row["id"] != nil { spec.key = ["id"] }
        // A row shown as columns has no card: its `name` (else row ID) over its columns.
        guard let first, spec.layout == .tree else { return spec }
        var card = spec.card ?? CardSpec()
        card.title = card.title ?? first.titleKey
        card.subtitle = card.subtitle ?? first.cardFields(limit: 1).first?.name
        card.picture = card.picture ?? PictureColumns.names.first { name in
            if case .string(let text) = first.row[name] { return text.hasPrefix("http") || text.hasPrefix("/") }
            return false
        }
        if card != CardSpec() { spec.card = card }
        return spec
    }
}

extension PagingSpec {
    /// The paging a first answer was read in, with the parameter names its dialect uses.
    public init(_ reading: ListReading) {
        var names: [String: String] = [:]
        var pastEnd: PastEnd?
        switch reading.paging {
        case let page as PageNumberPaging:
            names["page"] = page.param
            pastEnd = page.pastEnd
        case let offset as OffsetPaging: names["offset"] = offset.param
        case let cursor as CursorPaging:
            names["cursor"] = cursor.param
            names["next"] = cursor.path.joined(separator: ".")
        case let next as NextURLPaging:
            names["next"] = next.path.joined(separator: ".")
            names["page"] = next.page
            pastEnd = next.pastEnd
        case let more as HasMorePaging:
            names["cursor"] = more.param
            names["has_more"] = more.flag.joined(separator: ".")
            names["next"] = more.value?.joined(separator: ".")
        default: break
        }
        switch reading.total {
        case .body(let path)?: names["total"] = path.joined(separator: ".")
        case .header(let name)?: names["total"] = "header:" + name
        case .contentRange?: names["total"] = "header:Content-Range"
        default: break
        }
        if let known = Self.keys[reading.paging.name] { names = names.filter { known.contains($0.key) } }
        self.init(style: reading.paging.name, names: names, pastEnd: pastEnd)
    }
}
