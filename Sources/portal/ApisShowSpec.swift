import PortalSources

/// `portal apis show NAME [LIST]`: the spec each list of a saved API is read with, as TOML
/// to paste into the config file and edit (`SourceResolver.specsInForce`; the flags' cache
/// and trace as `portal list` takes them). `portal list NAME LIST --explain` and `portal
/// list --url URL --explain` say the same on stderr (`SpecInForce.text`).
extension ApisCommand.Show {
    func showSpec(api name: String, list: String?) async throws {
        let text = try await SourceResolver.standard.specsInForce(source.request(saved: name, config: config), list: list)
        print(text, terminator: "")
    }
}
