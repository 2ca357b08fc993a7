import Foundation
import PortalCore
import PortalDemoModels
import PortalPresets
#if canImport(PortalCacheReadBack)
import PortalCacheReadBack
import FuzzEntryPoints // FuzzPresets (a symlinked file of the tests' own there)
#else
import PortalCache
#endif

// This file is compiled twice: into fuzz-cache-answer under Fuzz/ (with the read-back part
// of PortalCache, which needs no GRDB) and, through a symlink, into PortalCacheTests, whose
// regression tests replay what the fuzzer found. Keep it to PortalCore, PortalCache's
// read-back and Foundation.

/// A property a stored answer must keep as it is read back, broken by a fuzz input.
public struct CacheFuzzFinding: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// fuzz-cache-answer: one row of the disk cache's `answer` table, as a damaged or planted
/// file may hold it, read back the way `DiskCachingTransport` reads it before serving it.
///
/// The input's text form: the status, the fetch time (Unix seconds, any Double), the kept
/// headers' JSON, each on its own line, a blank line, then the body —
/// `"200\n1800000000\n{\"content-type\":\"application/json\"}\n\n{…}"`.
public enum CacheFuzzEntryPoint {
    /// The moment the row is read at.
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    public static func storedAnswer(_ bytes: [UInt8]) throws {
        let newline = UInt8(ascii: "\n")
        let blank = (0..<max(0, bytes.count - 1)).first { bytes[$0] == newline && bytes[$0 + 1] == newline } ?? bytes.count
        let lines = bytes[..<blank].split(separator: newline, maxSplits: 2, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        let status = lines.first.flatMap { Int($0) } ?? 200
        let fetched = lines.count > 1 ? Double(lines[1]) ?? 0 : 0
        let headerText = lines.count > 2 ? lines[2] : "{}"
        let body = Data(bytes[min(blank + 2, bytes.count)...])

        // The numbers of `portal cache stats`.
        _ = CacheNumbers.int(fetched)
        _ = CacheNumbers.sum([CacheNumbers.int(fetched), status, body.count])
        if let date = CacheNumbers.date(fetched), !(0...CacheNumbers.latest).contains(date.timeIntervalSince1970) {
            throw CacheFuzzFinding("date \(date) read back from \(fetched)")
        }
        // Freshness: a date from the file never makes an age that is no number.
        let fetchedAt = Date(timeIntervalSince1970: fetched.isFinite ? fetched : 0)
        let headers = AnswerReadBack.headerFields(headerText)
        if let bad = headers.keys.first(where: { !AnswerReadBack.keptHeaders.contains($0) }) {
            throw CacheFuzzFinding("header \(bad.debugDescription) kept")
        }
        let maxAge = FreshnessPolicy().maxAge(headers: headers)
        guard maxAge >= 0, !maxAge.isNaN else { throw CacheFuzzFinding("max-age \(maxAge) from \(headers)") }
        if let age = AnswerReadBack.age(fetchedAt: fetchedAt, now: now) {
            guard age.isFinite, age > -60 else { throw CacheFuzzFinding("age \(age) from \(fetched)") }
            _ = age < maxAge
        }
        for source in [CacheStatus.Source.hit, .stale] {
            let label = CacheStatus(source: source, fetchedAt: fetchedAt, networkUnavailable: "offline").label(now: now) ?? ""
            if let bad = label.unicodeScalars.first(where: Sanitize.isControl) {
                throw CacheFuzzFinding("label holds U+\(String(bad.value, radix: 16)): \(label.debugDescription)")
            }
        }
        _ = CacheStatus.age(now.timeIntervalSince(Date(timeIntervalSince1970: fetched)))

        // What is served goes to the page strategies as any answer would; a status outside
        // 2xx is never served.
        guard AnswerReadBack.isServable(status: status) else { return }
        let response = HTTPResponse(status: status, headers: headers, body: body)
        // Paged as the preset files say (`FuzzPresets`: the fuzz package links no config reader).
        let rickAndMorty: PresetPages<Character> = FuzzPresets.rickAndMorty("https://rickandmortyapi.com/api", .list(.character))
        try check { () throws(PageFailure) in _ = try rickAndMorty.decode(response, for: rickAndMorty.firstPage) }
        let pokeAPI: PresetPages<PokemonSummary> = FuzzPresets.pokeAPI("https://pokeapi.co/api/v2")
        try check { () throws(PageFailure) in _ = try pokeAPI.decode(response, for: pokeAPI.firstPage) }
        let postgREST = PresetPages<PortalCore.Row>.postgREST(baseURL: "https://project.supabase.co/rest/v1", table: "characters",
                                                              paging: FuzzPresets.postgRESTPaging)
        try check { () throws(PageFailure) in _ = try postgREST.decode(response, for: postgREST.firstPage) }
    }

    /// A decode either works or fails with a message safe to draw.
    static func check(_ decode: () throws(PageFailure) -> Void) throws {
        do {
            try decode()
        } catch {
            if let bad = error.message.unicodeScalars.first(where: Sanitize.isControl) {
                throw CacheFuzzFinding("failure message holds U+\(String(bad.value, radix: 16)): \(error.message.debugDescription)")
            }
        }
    }
}
