import Foundation
@testable import PortalJQ
import Testing

/// jq programs see no secret of portal's: `$ENV` and `env` (which libjq builds from the
/// process's `environ`) hold neither `PORTAL_API_KEY` nor a variable the config names by
/// `env:`, nor any `*_TOKEN`, `*_SECRET`, `*_PASSWORD`, `*_KEY`; the rest stays visible.
@Suite("jq sees no secret of portal's")
struct JQEnvironmentTests {
    /// Names no other test uses, set in this process once.
    static let setUp: Void = {
        setenv("H1_JQTEST_ACCESS_TOKEN", "SECRET-TOKEN-1", 1)
        setenv("H1_JQTEST_NAMED_BY_CONFIG", "SECRET-NAMED-2", 1)
        setenv("H1_JQTEST_PLAIN", "visible-3", 1)
        JQEnvironment.hide(["H1_JQTEST_NAMED_BY_CONFIG"])
    }()

    static func outputs(_ program: String) throws -> [String] {
        _ = setUp
        return try JQProgram(compile: program).run(onJSON: Data("null".utf8)).map(\.rawText)
    }

    @Test func envAndDollarENVHideSecrets() throws {
        for program in ["$ENV.H1_JQTEST_ACCESS_TOKEN", "env.H1_JQTEST_ACCESS_TOKEN", "$ENV.H1_JQTEST_NAMED_BY_CONFIG", "env.H1_JQTEST_NAMED_BY_CONFIG",
                        "def f: $ENV; f.H1_JQTEST_ACCESS_TOKEN", "[env[]] | map(select(startswith(\"SECRET-\"))) | .[0]"] {
            #expect(try Self.outputs(program) == ["null"], "\(program)")
        }
        #expect(try Self.outputs("$ENV.H1_JQTEST_PLAIN, env.H1_JQTEST_PLAIN") == ["visible-3", "visible-3"])
    }

    /// The config's `env:` names, found only when a program is compiled.
    @Test func namesGivenLaterAreHiddenWhenAProgramIsCompiled() throws {
        setenv("H1_JQTEST_LATER", "SECRET-LATER-4", 1)
        JQEnvironment.hide(later: { ["H1_JQTEST_LATER"] })
        #expect(try Self.outputs("env.H1_JQTEST_LATER") == ["null"])
    }

    @Test func portalsOwnVariablesAreHiddenByName() {
        let environment = ["PORTAL_API_KEY": "k", "PORTAL_PASSWORD": "p", "GITHUB_TOKEN": "t", "AWS_SECRET_ACCESS_KEY": "s",
                           "DB_PASSWORD": "d", "STRIPE_KEY": "x", "https_proxy": "http://u:pw@proxy:3128", "HOME": "/home/me", "LANG": "C"]
        #expect(JQEnvironment.visible(environment) == ["HOME": "/home/me", "LANG": "C"])
    }

    /// The program's own text is what jq reports: messages and `$__loc__` are unchanged.
    @Test func messagesAndLinesAreTheProgramsOwn() throws {
        let error = #expect(throws: JQError.self) { try JQProgram(compile: ".a |") }
        #expect(error?.message.contains(".a |") == true)
        #expect(error?.message.contains("ENV") == false)
        #expect(try Self.outputs("$__loc__.line") == ["1"])
        #expect(try Self.outputs("# only a comment") == ["null"])
        #expect(try Self.outputs("") == ["null"])
    }
}
