/// One filter of a list as sent (`name=rick`): the key is one the list allows, the value
/// is not empty. Part of the `ListQuery`; a preset's requests (Rick and Morty's
/// `APIRequest.Filter`) carry the same value.
public struct ListFilter: Sendable, Hashable {
    public var key: String
    public var value: String

    public init(_ key: String, _ value: String) {
        self.key = key
        self.value = value
    }
}
