/// The environment variables a saved API reads its secrets from (`env:NAME` in `auth` or
/// `headers`): portal hides them from jq programs (`JQEnvironment.hide`), as it hides
/// `PORTAL_API_KEY`.
extension SavedAPI {
    public var environmentNames: [String] {
        var references: [SecretReference] = headers.values.compactMap { try? SecretReference(parsing: $0) }
        switch auth {
        case .bearer(let secret)?, .basic(let secret)?, .header(_, let secret)?: references.append(secret)
        case .supabase(_, let password, let key)?: references += [password] + (key.map { [$0] } ?? [])
        case .oauth2(let grant)?: references.append(grant.clientSecret)
        case nil: break
        }
        return references.compactMap { reference in
            if case .environment(let name) = reference { return name }
            return nil
        }
    }
}
