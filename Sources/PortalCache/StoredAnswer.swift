import Foundation
import PortalCore

/// One row of the `answer` table: a 2xx answer as the server sent it, with the response
/// headers a cache needs later and the times that decide freshness and eviction.
struct StoredAnswer: Sendable {

    /// The response headers worth keeping: what the strategies read (`Content-Range`,
    /// `Content-Type`) and what freshness and revalidation need.
    static var keptHeaders: Set<String> { AnswerReadBack.keptHeaders }

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

    /// A row read back from the file, or nil when a column holds what portal never
    /// writes (a missing value, a status or size that is no integer, a time that is no
    /// time): such a row is no answer.
    init?(row: SQLiteRow) {
        guard let key = row["key"].string, let host = row["host"].string, let url = row["url"].string,
              let status = row["status"].int, let headers = row["headers"].string, let body = row["body"].data,
              let fetchedAt = CacheTimestamp.date(row["fetchedAt"]), let lastUsedAt = CacheTimestamp.date(row["lastUsedAt"]),
              let size = row["size"].int
        else { return nil }
        (self.key, self.host, self.url, self.status, self.headers, self.body) = (key, host, url, status, headers, body)
        (self.fetchedAt, self.lastUsedAt, self.size) = (fetchedAt, lastUsedAt, size)
    }

    /// The row's values in the `answer` table's column order; times as `CacheTimestamp`
    /// text (the text GRDB wrote, without a `DateFormatter` and the ICU data it pages in).
    var columns: [SQLiteValue] {
        [.text(key), .text(host), .text(url), .integer(Int64(status)), .text(headers), .blob(body),
         .text(CacheTimestamp.text(fetchedAt)), .text(CacheTimestamp.text(lastUsedAt)), .integer(Int64(size))]
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
