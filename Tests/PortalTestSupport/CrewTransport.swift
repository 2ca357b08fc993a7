import Foundation
import PortalCore
import PortalSources
import PortalPaging
import PortalREST

/// Issue 34's "crew" API in process, an API that names everything its own way: 240
/// members paged by `pg` and `per` (20 by default), the total at `paging.total_count`,
/// each member's key `uid` (a string), name `display`, picture `portrait` (a relative
/// URL), `state` active/away/gone (`state=` filters), `team_ids`; `/teams?ids=a,b` answers
/// many teams at once, `/members?uid=a,b` many members, `/members/UID` one (404 for none).
/// No project code names this API: a list spec in a config file describes it.
public struct CrewTransport: Transport {
    public static let origin = "http://crew.test"
    public static let root = origin + "/v2"
    public static let members = 240
    public static let states = ["active", "away", "gone"]

    public init() {}

    /// Member `n`'s key (`u-0007`).
    public static func uid(_ n: Int) -> String { "u-" + String(format: "%04d", n) }

    /// Member `n` (1-based) as JSON: in 1 of 3 teams per 4 members, 7 teams each at most.
    public static func member(_ n: Int) -> String {
        let teams = (0..<(n % 8)).map { "\"t-\(($0 * 7 + n) % 30 + 1)\"" }.joined(separator: ",")
        return """
            {"uid":"\(uid(n))","display":"Member \(n)","handle":"@m\(n)","state":"\(states[n % 3])",\
            "portrait":"/v2/portraits/\(n % 20 + 1).jpeg","joined":"2023-0\(n % 9 + 1)-1\(n % 10)T08:00:00Z","team_ids":[\(teams)]}
            """
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let split = SplitURL(request.url.absoluteString) else { throw TransportError.notServed(request.url.absoluteString) }
        let query = Dictionary(QueryString.pairs(split.query).map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
        switch split.path {
        case "/v2/members":
            let page = max(1, Int(query["pg"] ?? "1") ?? 1), per = min(100, max(1, Int(query["per"] ?? "20") ?? 20))
            // `state=` filters; `uid=a,b` answers those members (a by-keys request).
            var chosen = Array(1...Self.members)
            if let state = query["state"] { chosen = chosen.filter { Self.states[$0 % 3] == state } }
            if let uids = query["uid"]?.removingPercentEncoding?.split(separator: ",") { chosen = chosen.filter { uids.contains(Substring(Self.uid($0))) } }
            let items = chosen.dropFirst((page - 1) * per).prefix(per).map(Self.member)
            let body = "{\"members\":[\(items.joined(separator: ","))],\"paging\":{\"pg\":\(page),\"per\":\(per),\"total_count\":\(chosen.count)}}"
            return HTTPResponse(status: 200, headers: ["content-type": "application/json"], body: Data(body.utf8))
        case let path where path.hasPrefix("/v2/members/"):
            // One member at its own URL (REST's `{list URL}/{key}`).
            let uid = String(path.dropFirst("/v2/members/".count))
            guard let n = (1...Self.members).first(where: { Self.uid($0) == uid }) else {
                return HTTPResponse(status: 404, body: Data("{\"error\":\"no member \(uid)\"}".utf8))
            }
            return HTTPResponse(status: 200, headers: ["content-type": "application/json"], body: Data(Self.member(n).utf8))
        case "/v2/teams":
            let ids = query["ids"].map { $0.removingPercentEncoding ?? $0 }?.split(separator: ",").map(String.init) ?? (1...30).map { "t-\($0)" }
            let teams = ids.filter { $0.hasPrefix("t-") && Int($0.dropFirst(2)).map { (1...30).contains($0) } == true }
                .map { "{\"id\":\"\($0)\",\"label\":\"Team \($0.dropFirst(2))\"}" }
            return HTTPResponse(status: 200, headers: ["content-type": "application/json"], body: Data("{\"teams\":[\(teams.joined(separator: ","))]}".utf8))
        default:
            return HTTPResponse(status: 404, body: Data("{\"error\":\"not found\"}".utf8))
        }
    }
}

extension CrewTransport {
    /// The members list's spec, as the config above writes it.
    public static let membersSpec = ListSpec(
        key: ["uid"],
        paging: PagingSpec(style: "page", names: ["page": "pg", "size": "per", "total": "paging.total_count"]),
        card: CardSpec(title: "display", subtitle: "handle", picture: "portrait", badge: BadgeSpec(field: "state", colours: [
            SpecColourRule(value: "active", colour: .green), SpecColourRule(value: "away", colour: .yellow), SpecColourRule(value: "gone", colour: .red),
        ])),
        detail: DetailSpec(fields: [DetailFieldSpec(field: "handle"), DetailFieldSpec(field: "state"), DetailFieldSpec(field: "joined", label: "Joined", format: .date)],
                           related: [RelatedSpec(field: "team_ids", list: "teams", title: "Teams")]),
        filters: [SpecFilter(parameter: "state", values: states)])

    /// The teams list's spec.
    public static let teamsSpec = ListSpec(card: CardSpec(title: "label"), byKeys: ByKeysRoute("/teams?ids={keys}"))

    /// Every list's by-key template, absolute (what a saved API's lists give each other).
    public static let byKeys = ["teams": ByKeysRoute(root + "/teams?ids={keys}")]

    /// One list of the crew API as a saved API reads it: its first answer asked through
    /// `transport`, read with the spec's paging, the source named `name`.
    public static func list(_ name: String, path: String, items: String, spec: ListSpec, transport: any Transport) async throws -> AnyAPISource {
        guard let url = URL(string: root + path) else { throw TransportError.notServed(path) }
        let first = try await transport.send(HTTPRequest(url: url))
        let reading = try DialectDetector.detect(first, for: url, overrides: DialectDetector.Overrides(items: [items], spec: spec.paging))
        return AnyAPISource(pages: AnyAPIPages(url: url, reading: reading), spec: spec, name: name, byKeys: byKeys)
    }

    /// The crew API's lists side by side as tabs, each named as its list: what a saved
    /// API's lists make (`SavedTabsSource`, the resolver's own type).
    public static func tabs(_ lists: [AnyAPISource]) -> SavedTabsSource {
        SavedTabsSource(title: "crew", lists: lists.map { (name: $0.kind.rawValue, source: $0) })
    }
}
