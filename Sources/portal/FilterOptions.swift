import ArgumentParser

/// The API's own list filters as flags, shared by `portal list` and the browser, so both
/// take them the same way: `--status dead --gender female`.
struct FilterOptions: ParsableArguments {
    @Option(help: "Name contains (case-insensitive).") var name: String?
    @Option(help: "Characters: Alive, Dead or unknown.") var status: String?
    @Option(help: "Characters: species contains.") var species: String?
    @Option(help: "Characters and locations: type contains.") var type: String?
    @Option(help: "Characters: Female, Male, Genderless or unknown.") var gender: String?
    @Option(help: "Locations: dimension contains.") var dimension: String?
    @Option(help: "Episodes: code contains, e.g. S01.") var episode: String?

    /// The filters given, in the API's order.
    var given: [(String, String)] {
        [("name", name), ("status", status), ("species", species), ("type", type), ("gender", gender),
         ("dimension", dimension), ("episode", episode)].compactMap { key, value in value.map { (key, $0) } }
    }

    /// Refuses a filter that `what` does not take (usage error, exit 2).
    func validate(allowed: [String], for what: String) throws {
        for (key, _) in given where !allowed.contains(key) {
            throw ValidationError("--\(key) is not a filter of \(what) (allowed: \(allowed.map { "--" + $0 }.joined(separator: " ")))")
        }
    }
}
