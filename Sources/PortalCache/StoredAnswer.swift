import Foundation
import GRDB
import PortalCore

/// One row of the `answer` table: a 2xx answer as the server sent it, with the response
/// headers a cache needs later and the times that decide freshness and eviction.
struct StoredAnswer: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "answer"

    /// The response headers worth keeping: what the strategies read (`Content-Range`,
    /// `Content-Type`) and what freshness and revalidation need.
    static var keptHeaders: Set<String> { AnswerReadBack.keptHeaders }

    /// Times as `CacheTimestamp` text: the text GRDB writes, without the `DateFormatter`
    /// (and the ICU data) GRDB's own conversion pages in.
    static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
        .custom { CacheTimestamp.text($0) }
    }

    static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy {
        .custom { CacheTimestamp.date($0) }
    }

    var key: String
    var host: String
    var url: String
    var status: Int
    /// The kept headers as a JSON object.
    var headers: String
    var body: Data
    var fetchedAt: Date
    var lastUsedAt: Date
    var size: Int

    init(key: CacheKey, url: URL, response: HTTPResponse, now: Date) {
        self.key = key.text
        host = key.host
        self.url = url.absoluteString
        status = response.status
        headers = Self.encode(Self.kept(response.headers))
        body = response.body
        fetchedAt = now
        lastUsedAt = now
        size = response.body.count
    }

    var headerFields: [String: String] {
        AnswerReadBack.headerFields(headers)
    }

    /// The answer as portal's transports return it.
    func response(_ cache: CacheStatus) -> HTTPResponse {
        var response = HTTPResponse(status: status, headers: headerFields, body: body)
        response.cache = cache
        return response
    }

    static func kept(_ headers: [String: String]) -> [String: String] {
        headers.filter { keptHeaders.contains($0.key.lowercased()) }
    }

    static func encode(_ headers: [String: String]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(headers)).flatMap { String(data: $0, encoding: .utf8) } ?? "{}"
    }
}
