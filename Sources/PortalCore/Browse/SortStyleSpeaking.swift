/// A source whose server's sort parameter is known by its kind (a PostgREST table speaks
/// `order=`), so `SortStyle.detected(for:)` needs to name no preset's source.
public protocol SortStyleSpeaking {
    var sortStyle: SortStyle { get }
}
