import PortalCore

/// Facts about the Rick and Morty API that both a client and an emulated server need.
public enum RickAndMortyAPI {
    /// The error text of a 404 past the end of a list (and of an empty search).
    public static let nothingHere = "There is nothing here"
    /// The fixed page size of every list.
    public static let pageSize = 20
}
