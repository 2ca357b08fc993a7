import PortalCore

// What Core asks of a source through its own protocols, answered by the presets' sources
// (Core names none of them): the API root `y` copies items under, and PostgREST's sort.

extension RickAndMortySource: APIRootNaming {}
extension PokeAPISource: APIRootNaming {}
extension PostgRESTSource: APIRootNaming {}

extension PostgRESTSource: SortStyleSpeaking {
    /// `order=column.asc|desc`.
    public var sortStyle: SortStyle { .postgrest }
}
