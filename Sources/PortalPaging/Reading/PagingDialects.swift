import PortalCore

/// Every paging dialect portal reads, one line each. The detector tries them in this order
/// on a first answer (the first that recognises it wins; `NoPaging` always does, so it is
/// last) and `--paging NAME` takes their names. A new dialect is its own file in
/// `Paging/Dialects/` and one line here.
public enum PagingDialects {
    /// In the order they are tried.
    public static var all: [any PagingDialect.Type] {
        [
            LinkHeaderPaging.self,
            ContentRangePaging.self,
            ODataPaging.self,
            NextURLPaging.self,
            HasMorePaging.self,
            CursorPaging.self,
            PageNumberPaging.self,
            OffsetPaging.self,
            NoPaging.self,
        ]
    }

    /// The `--paging` names.
    public static var names: [String] { all.map { $0.name } }

    /// The dialect named `name`, or nil.
    public static func named(_ name: String) -> (any PagingDialect.Type)? {
        all.first { $0.name == name }
    }

    /// The first dialect that recognises `answer`.
    public static func recognise(_ answer: FirstAnswer) -> any PagingDialect {
        for dialect in all {
            if let found = dialect.recognise(answer) { return found }
        }
        return NoPaging()
    }
}
