import Foundation
import PortalCore
import PortalTestSupport
import Synchronization
import Testing
import PortalGraphQL

/// Relay servers look nodes up by global id through `node(id: ID!): Node` only (strawberry's
/// `relay.node()`, graphene's `relay.Node.Field()`): a character's own `episodes`
/// connection is still a link in its detail, asked as `node(id:) { ... on Character {
/// episodes } }` and paged by its cursor. The answers are strawberry-graphql 0.327's own
/// (bench/real-servers.sh serves the real one on 8104), trimmed to what is read.
@Suite struct RelayNodeLookupTests {
    /// Answers introspection with strawberry's schema and the two queries by their text.
    final class StrawberryLike: Transport {
        static let endpoint = URL(string: "http://127.0.0.1:8104/graphql")!
        private let log = Mutex<[String]>([])
        var bodies: [String] { log.withLock { $0 } }

        static func named(_ name: String, _ kind: String = "OBJECT") -> String { #"{"kind":"\#(kind)","name":"\#(name)","ofType":null}"# }
        static func nonNull(_ inner: String) -> String { #"{"kind":"NON_NULL","name":null,"ofType":\#(inner)}"# }
        static func list(_ inner: String) -> String { #"{"kind":"LIST","name":null,"ofType":\#(inner)}"# }
        static func field(_ name: String, _ type: String, args: [String] = []) -> String {
            #"{"name":"\#(name)","args":[\#(args.joined(separator: ","))],"type":\#(type)}"#
        }
        static func arg(_ name: String, _ type: String) -> String { #"{"name":"\#(name)","defaultValue":null,"type":\#(type)}"# }
        static func type(_ name: String, _ fields: [String], interfaces: [String] = [], kind: String = "OBJECT") -> String {
            let names = interfaces.map { #"{"name":"\#($0)"}"# }.joined(separator: ",")
            return #"{"kind":"\#(kind)","name":"\#(name)","interfaces":[\#(names)],"fields":[\#(fields.joined(separator: ","))]}"#
        }

        static let schema: String = {
            let int = named("Int", "SCALAR"), string = named("String", "SCALAR"), id = named("ID", "SCALAR"), bool = named("Boolean", "SCALAR")
            let relay = [arg("before", string), arg("after", string), arg("first", int), arg("last", int)]
            let types = [
                type("Query", [
                    field("node", nonNull(named("Node", "INTERFACE")), args: [arg("id", nonNull(id))]),
                    field("characters", nonNull(named("CharacterConnection")), args: relay),
                ]),
                type("Node", [field("id", nonNull(id))], kind: "INTERFACE"),
                type("CharacterConnection", [field("pageInfo", nonNull(named("PageInfo"))), field("edges", nonNull(list(nonNull(named("CharacterEdge")))))]),
                type("CharacterEdge", [field("cursor", nonNull(string)), field("node", nonNull(named("Character")))]),
                type("PageInfo", [field("hasNextPage", nonNull(bool)), field("hasPreviousPage", nonNull(bool)),
                                  field("startCursor", string), field("endCursor", string)]),
                type("Character", [field("id", nonNull(id)), field("name", nonNull(string)),
                                   field("episodes", nonNull(named("EpisodeConnection")), args: relay)], interfaces: ["Node"]),
                type("EpisodeConnection", [field("pageInfo", nonNull(named("PageInfo"))), field("edges", nonNull(list(nonNull(named("EpisodeEdge")))))]),
                type("EpisodeEdge", [field("cursor", nonNull(string)), field("node", nonNull(named("Episode")))]),
                type("Episode", [field("id", nonNull(id)), field("name", nonNull(string)), field("airDate", nonNull(string))], interfaces: ["Node"]),
            ]
            return #"{"data":{"__schema":{"queryType":{"name":"Query"},"types":[\#(types.joined(separator: ","))]}}}"#
        }()

        static let rick = #"{"data":{"characters":{"pageInfo":{"hasNextPage":false,"endCursor":"YXJyYXljb25uZWN0aW9uOjA="},"edges":[{"cursor":"YXJyYXljb25uZWN0aW9uOjA=","node":{"id":"Q2hhcmFjdGVyOjE=","name":"Rick Sanchez"}}]}}}"#
        static func episodes(after: String?) -> String {
            after == nil
                ? #"{"data":{"node":{"episodes":{"pageInfo":{"hasNextPage":true,"endCursor":"YXJyYXljb25uZWN0aW9uOjE="},"edges":[{"cursor":"YXJyYXljb25uZWN0aW9uOjA=","node":{"id":"RXBpc29kZTox","name":"Pilot","airDate":"December 2, 2013"}},{"cursor":"YXJyYXljb25uZWN0aW9uOjE=","node":{"id":"RXBpc29kZToy","name":"Lawnmower Dog","airDate":"December 9, 2013"}}]}}}}"#
                : #"{"data":{"node":{"episodes":{"pageInfo":{"hasNextPage":false,"endCursor":"YXJyYXljb25uZWN0aW9uOjI="},"edges":[{"cursor":"YXJyYXljb25uZWN0aW9uOjI=","node":{"id":"RXBpc29kZToz","name":"Anatomy Park","airDate":"December 16, 2013"}}]}}}}"#
        }

        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            let body = String(decoding: request.body ?? Data(), as: UTF8.self)
            log.withLock { $0.append(body) }
            let object = try? JSONSerialization.jsonObject(with: request.body ?? Data()) as? [String: Any]
            let query = object?["query"] as? String ?? ""
            let variables = object?["variables"] as? [String: Any] ?? [:]
            let text: String
            if query.contains("__schema") {
                text = Self.schema
            } else if query.contains("node(id: $portalNodeId) { ... on Character { episodes(") {
                guard variables["portalNodeId"] as? String == "Q2hhcmFjdGVyOjE=" else { return Self.answer(#"{"data":{"node":null}}"#) }
                text = Self.episodes(after: variables["after"] as? String)
            } else if query.contains("characters(") {
                text = Self.rick
            } else {
                text = #"{"data":null,"errors":[{"message":"Cannot query field on type Node"}]}"#
            }
            return Self.answer(text)
        }

        static func answer(_ text: String) -> HTTPResponse {
            HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data(text.utf8))
        }
    }

    @Test func aNodesConnectionIsAskedThroughNodeAndPagedByItsCursor() async throws {
        let server = StrawberryLike()
        let found = try await GraphQLProbe.source(endpoint: StrawberryLike.endpoint, headers: [:], query: nil, pageSize: 20,
                                                  sender: RetryingSender(transport: server, clock: ManualClock()))
        let source = found.source
        let query = ListQuery(kind: ItemKind(rawValue: "characters"))
        let first = source.firstPage(for: query)
        let page = try source.decodePage(try await server.send(first.http), for: first, of: query)
        guard let rick = page.items.first?.record, case .string(let text)? = rick.row["episodes"] else {
            Issue.record("Rick's detail has no episodes link: \(page.items)")
            return
        }
        let episodes = try #require(ItemLink(text, origin: rick.card.linkOrigin))
        var next: ItemLink? = episodes
        var titles: [String] = []
        var asked = 0
        while let link = next, asked < 5 {
            let request = try #require(source.linkRequest(link))
            let answer = try source.decodeLink(link, try await server.send(request))
            let list = answer.record
            guard list.isPage else { Issue.record("not a page: \(answer)"); return }
            titles += list.row.columns.dropFirst().map(\.name)
            next = list.nextPage
            asked += 1
        }
        #expect(titles == ["Pilot", "Lawnmower Dog", "Anatomy Park"])
        #expect(asked == 2)
        let nested = server.bodies.filter { $0.contains("PortalNested") }
        #expect(nested.count == 2 && nested.allSatisfy { $0.contains(#"node(id: $portalNodeId) { ... on Character { episodes("#) })
    }
}
