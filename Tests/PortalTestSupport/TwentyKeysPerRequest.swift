import PortalCore
import PortalPresets

extension TestData {
    /// The Rick and Morty source with its episodes fetched by key 20 a request, as a server
    /// that takes fewer ids than a 2 KB URL holds would: the preset's `by_keys` for episodes
    /// given a query padding that leaves room for 20 two-digit ids (`ByKeys.perRequest`).
    /// The requests themselves are the API's (`/episode/1,2,…,20`); only how many ids one
    /// holds changes, so a related list's paging (Rick's 51 episodes: 1-20, 21-40, 41-51)
    /// can be tested on the snapshot, where every real list fits one request.
    public static func rickAndMortyTwentyKeysPerRequest() -> RickAndMortySource {
        var lists = rickAndMortyLists
        let prefix = baseURL + "/episode/" + ByKeys.placeholder + "?pad="
        // perRequest = room / (2 + 1) = 20 for room = 61: the template 61 short of the limit.
        let length = ByKeys.maxURLBytes + ByKeys.placeholder.utf8.count - 61
        lists.specs["episode"]?.byKeys = ByKeysRoute(prefix + String(repeating: "x", count: max(0, length - prefix.utf8.count)))
        return RickAndMortySource(baseURL: base, lists: lists)
    }
}
