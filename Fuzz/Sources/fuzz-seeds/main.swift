import CNcurses
import Foundation
import FuzzEntryPoints
import PortalCore
import PortalDemoModels
import PortalPresets
import PortalServers

// Writes each fuzz target's seed corpus: real answers, made at fuzz time from the shared
// snapshot through the project's own server rules (the ones the mirror serves), so the
// fuzzers start from what the APIs really send. Nothing here is committed.
//
//     fuzz-seeds DATA_FOLDER OUTPUT_FOLDER     → OUTPUT_FOLDER/<target>/<seed>

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: fuzz-seeds DATA_FOLDER OUTPUT_FOLDER\n".utf8))
    exit(2)
}
let dataFolder = arguments[1]
let output = URL(fileURLWithPath: arguments[2])

/// Collects one target's seeds and writes them, named by number.
struct Corpus {
    let target: String
    var seeds: [[UInt8]] = []

    mutating func add(_ bytes: [UInt8]) { seeds.append(bytes) }
    mutating func add(_ text: String) { seeds.append(Array(text.utf8)) }
    mutating func add(_ response: HTTPResponse) { seeds.append(FuzzedResponse.format(response)) }

    func write() throws {
        let folder = output.appendingPathComponent(target)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (index, seed) in seeds.enumerated() {
            try Data(seed).write(to: folder.appendingPathComponent(String(format: "seed-%03d", index)))
        }
        print("fuzz-seeds: \(seeds.count) seeds for \(target)")
    }
}

/// `info.next`/`info.prev` (Rick and Morty) or `next`/`previous` (PokeAPI) of a page.
func links(in body: Data) -> [String] {
    guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else { return [] }
    let info = object["info"] as? [String: Any] ?? object
    return ["next", "prev", "previous"].compactMap { info[$0] as? String }
}

do {
    let snapshot = try SnapshotTransport(dataFolder: dataFolder, baseURL: BaseURL(FuzzEntryPoint.baseURL))
    let pokemon = try PokemonRecord.load(dataFolder: dataFolder)
    let data = try RickAndMortyData.load(dataFolder: dataFolder)
    let rickAndMorty = RickAndMortyRules(data: data, baseURL: BaseURL(FuzzEntryPoint.baseURL))
    let pokeAPI = PokeAPIRules(baseURL: BaseURL(FuzzEntryPoint.pokeAPIBaseURL), pokemon: pokemon)
    let postgREST = PostgRESTRules(
        rickAndMorty: data, characters: rickAndMorty.characters, pokemon: pokemon, baseURL: BaseURL(FuzzEntryPoint.baseURL))
    func rickAndMortyAnswer(_ pathAndQuery: String) throws -> HTTPResponse {
        try snapshot.answer(HTTPRequest(url: URL(string: FuzzEntryPoint.baseURL + pathAndQuery)!))
    }

    var rickAndMortyPages = Corpus(target: "fuzz-rickandmorty-page")
    var pokeAPIPages = Corpus(target: "fuzz-pokeapi-page")
    var postgRESTPages = Corpus(target: "fuzz-postgrest-page")
    var urls = Corpus(target: "fuzz-api-url")
    var baseURLs = Corpus(target: "fuzz-base-url")
    var headers = Corpus(target: "fuzz-headers")
    var models = Corpus(target: "fuzz-json-models")

    // Rick and Morty: first, middle, last and past-the-end pages, searches (one empty,
    // which the server answers 404), and items by id for the models.
    for resource in Resource.allCases {
        let count = switch resource {
        case .character: rickAndMorty.characters.count
        case .episode: rickAndMorty.episodes.count
        case .location: rickAndMorty.locations.count
        }
        let pages = (count + RickAndMortyRules.pageSize - 1) / RickAndMortyRules.pageSize
        for query in ["", "?page=2", "?page=\(pages)", "?page=\(pages + 1)"] {
            let answer = try rickAndMortyAnswer("/\(resource.rawValue)\(query)")
            rickAndMortyPages.add(answer)
            for link in links(in: answer.body) { urls.add(link) }
        }
    }
    for search in ["/character/?name=rick&status=alive", "/character?name=rick sanchez&page=2", "/character?gender=male&species=Human",
                   "/character?name=zzzz", "/episode?episode=S01", "/location?dimension=unknown",
                   // Small real pages (one or two results) keep the fuzzer fast.
                   "/character?name=abadango", "/episode?episode=S01E01", "/location?name=earth (c-137)"] {
        let answer = try rickAndMortyAnswer(search)
        rickAndMortyPages.add(answer)
        for link in links(in: answer.body) { urls.add(link) }
    }
    for byID in ["/character/1", "/character/1,2,3", "/character/[5]", "/episode/1,2,28", "/location/1,3", "/episode/99999"] {
        let answer = try rickAndMortyAnswer(byID)
        models.add([UInt8](answer.body))
        urls.add(FuzzEntryPoint.baseURL + byID)
    }

    // PokeAPI: default and explicit windows, the last window and past the end.
    for query in [[], [("offset", "20"), ("limit", "20")], [("offset", "\(pokemon.count - 5)"), ("limit", "20")],
                  [("offset", "\(pokemon.count + 40)"), ("limit", "20")], [("limit", "3")]] {
        let answer = pokeAPI.respond(path: "/pokemon", query: query)
        pokeAPIPages.add(answer)
        for link in links(in: answer.body) { urls.add(link) }
    }

    // PostgREST: Range windows with and without a count, limit/offset, the last window, a
    // window past the end (416) and an unknown table. Most windows are a row or two: small
    // inputs are what lets the fuzzer run fast and reach the Content-Range arithmetic.
    let ordered = [("select", "*"), ("order", "id")]
    for (table, count) in [("characters", rickAndMorty.characters.count), ("episodes", rickAndMorty.episodes.count), ("pokemon", pokemon.count)] {
        for (query, requestHeaders) in [
            (ordered, ["Range": "0-19", "Range-Unit": "items", "Prefer": "count=exact"]),
            (ordered, ["Range": "20-21"]),
            (ordered, ["Range": "\(count - 1)-\(count + 18)", "Prefer": "count=exact"]),
            (ordered + [("limit", "2"), ("offset", "40")], ["Prefer": "count=exact"]),
            (ordered + [("limit", "1")], [:]),
            (ordered, ["Range": "\(count + 20)-\(count + 39)", "Prefer": "count=exact"]),
        ] {
            let answer = postgREST.respond(table: table, query: query, headers: requestHeaders)
            postgRESTPages.add(answer)
            headers.add(HTTPResponse(status: answer.status, headers: answer.headers, body: Data()))
        }
    }
    postgRESTPages.add(postgREST.respond(table: "nope", query: ordered, headers: [:]))

    // Any API: every paging style the mirror speaks, first, middle and last pages.
    var anyAPIPages = Corpus(target: "fuzz-any-api")
    let styles = DialectRoutes(characters: rickAndMorty.characters, itemLinks: BaseURL(FuzzEntryPoint.baseURL))
    for style in PagingStyle.allCases {
        for query in [[], [("page", "2"), ("per_page", "5"), ("size", "5"), ("limit", "5")], [("page", "42"), ("page[number]", "42")]] as [[(key: String, value: String)]] {
            anyAPIPages.add(styles.respond(path: "/\(style.rawValue)/characters", query: query, headers: [:]))
        }
    }
    postgRESTPages.seeds.forEach { anyAPIPages.add($0) }

    // Retry-After as servers send it (the mirror's 429 fault sends 1), with error bodies.
    for (status, retryAfter) in [(429, "1"), (429, "0"), (503, "2.5"), (429, "120"), (503, "Wed, 21 Oct 2026 07:28:00 GMT")] {
        headers.add(HTTPResponse(status: status, headers: ["Retry-After": retryAfter], body: Data("{\"error\":\"slow down\"}".utf8)))
    }

    // Base URLs as given to --base-url (and as links start).
    for base in [FuzzEntryPoint.baseURL, FuzzEntryPoint.pokeAPIBaseURL, FuzzEntryPoint.postgRESTBaseURL,
                 "http://127.0.0.1:8080/api", "http://[::1]:8080/api/", "HTTPS://user@RickAndMortyAPI.com:443/api#top"] {
        urls.add(base)
        baseURLs.add(base)
    }

    // Whole snapshot files are too large to mutate quickly; single records from them are
    // what the pages above and these hold.
    models.add("[]")

    // Keys as wget_wch returns them (see KeysFuzzer.swift): text, key codes (0xFF, code −
    // 256), the wheel (0xFC), control keys, and escape sequences ncurses did not know.
    var keys = Corpus(target: "fuzz-keys")
    func code(_ value: Int32) -> [UInt8] { [0xFF, UInt8(value - 256)] }
    keys.add("jjjkkhl/rick sanchez\r")
    keys.add(code(portal_key_down()) + code(portal_key_npage()) + code(portal_key_end()) + code(portal_key_home()) + code(portal_key_up()))
    keys.add(code(portal_key_enter()) + code(portal_key_backspace()) + code(portal_key_dc()) + code(portal_key_btab()) + [9, 27])
    keys.add(code(portal_key_resize()) + code(portal_key_mouse()) + code(portal_key_f0() + 1) + code(portal_key_f0() + 12))
    keys.add([0xFC, 0, 0xFC, 2, 0xFC, 1, 27, 0xFC, 0] + Array("j\u{1B}[".utf8) + [0xFC, 2])  // wheel up, down, a click
    keys.add([1, 3, 4, 12, 21, 26, 8, 127, 0x7F] + Array("?q".utf8))
    keys.add(Array("\u{1B}[1;5A\u{1B}[200~pasted\u{1B}[201~\u{1B}OP\u{1B}[<0;12;5M".utf8))
    keys.add(Array("Ñoño 日本 👨‍👩‍👧 \u{202E}x".utf8))

    // Avatars: every distinct format in the snapshot (some `.jpeg` files are PNG), behind
    // the two size bytes the image target reads.
    var images = Corpus(target: "fuzz-image")
    let avatars = try FileManager.default.contentsOfDirectory(atPath: rickAndMorty.avatarsFolder ?? "").sorted()
    var formats: [[UInt8]: Int] = [:]
    for name in avatars {
        guard let bytes = FileManager.default.contents(atPath: (rickAndMorty.avatarsFolder! as NSString).appendingPathComponent(name)) else { continue }
        let magic = [UInt8](bytes.prefix(4))
        guard formats[magic, default: 0] < 3 else { continue }
        formats[magic, default: 0] += 1
        images.add([20, 20] + [UInt8](bytes))
    }

    // Disk cache rows: real answers as the cache keeps them (status, fetch time, kept
    // headers, body), with the odd times and headers a damaged file may hold.
    var cacheRows = Corpus(target: "fuzz-cache-answer")
    func row(_ status: Int, _ time: String, _ headers: String, _ body: Data) -> [UInt8] {
        Array("\(status)\n\(time)\n\(headers)\n\n".utf8) + [UInt8](body)
    }
    let page = try rickAndMortyAnswer("/character?name=abadango")
    let window = postgREST.respond(table: "pokemon", query: [("order", "id")], headers: ["Range": "0-2", "Prefer": "count=exact"])
    let pokePage = pokeAPI.respond(path: "/pokemon", query: [("limit", "3")])
    for (time, headers) in [("1799996400", #"{"content-type":"application/json"}"#),
                            ("1e300", #"{"cache-control":"max-age=60","etag":"\"v1\""}"#),
                            ("-1e300", #"{"cache-control":"no-cache, max-age=9999999999999999999"}"#),
                            ("nan", #"{"Content-Type":"text/html","x-other":"y"}"#)] {
        cacheRows.add(row(200, time, headers, page.body))
        cacheRows.add(row(206, time, #"{"content-range":"\#(window.header("content-range") ?? "")"}"#, window.body))
        cacheRows.add(row(200, time, headers, pokePage.body))
    }
    cacheRows.add(row(500, "1799996400", "{}", page.body))
    cacheRows.add(row(200, "1799996400", "not json", Data("[1,2".utf8)))

    // The grid: programs of (opcode, 64-bit operand…) with the totals that broke it —
    // Int.max, 10^12 + 1, 826, 0 — sizes, and every movement.
    var grids = Corpus(target: "fuzz-grid")
    func op(_ code: UInt8, _ operands: Int...) -> [UInt8] {
        [code] + operands.flatMap { value in (0..<8).reversed().map { UInt8(truncatingIfNeeded: UInt64(bitPattern: Int64(value)) >> UInt64($0 * 8)) } }
    }
    for total in [Int.max, 1_000_000_000_001, 826, 0, Int.min] {
        grids.add(op(3, 120, 40, 4, 0) + op(0, total, 0) + op(4, 11, 0) + op(4, 7, 30) + op(5, Int.max, 0) + op(4, 6, 0))
        grids.add(op(7, Int.max, Int.max, 0) + op(1, total, 0) + op(2, 0, 20, 0) + op(4, 12, Int.max))
    }

    // JSON trees: the bodies of every page above, and the shapes that amplify (deep
    // nesting, many tiny values, a long string deep down).
    var trees = Corpus(target: "fuzz-json-tree")
    for seed in anyAPIPages.seeds + models.seeds { trees.add(FuzzedResponse.parse(seed).body.map { $0 }) }
    trees.add(String(repeating: "[", count: 14) + "\"x\"" + String(repeating: "]", count: 14))
    trees.add("[" + Array(repeating: "0", count: 600).joined(separator: ",") + "]")
    trees.add("{" + Array(repeating: #""":{}"#, count: 300).joined(separator: ",") + "}")

    // The description readers: introspection answers, with a status line or without; documents.
    var schemas = Corpus(target: "fuzz-graphql-schema")
    for answer in Introspection.seeds {
        schemas.add(answer)
        schemas.add("200\nContent-Type: application/json\n\n" + answer)
    }
    var documents = Corpus(target: "fuzz-openapi")
    for document in OpenAPISeeds.seeds { documents.add(document) }

    for corpus in [rickAndMortyPages, pokeAPIPages, postgRESTPages, anyAPIPages, urls, baseURLs, headers, models, keys, images, cacheRows, grids, trees,
                   schemas, documents] {
        try corpus.write()
    }
} catch {
    FileHandle.standardError.write(Data("fuzz-seeds: \(error)\n".utf8))
    exit(1)
}
