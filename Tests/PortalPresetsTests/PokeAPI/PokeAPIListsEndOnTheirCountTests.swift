import Foundation
import PortalCore
import PortalDemoModels
import PortalPresets
import PortalServers
import PortalTestSupport
import Testing

/// PokeAPI's offset/limit list and its detail: the end on `next: null` or an empty page,
/// whichever comes first, ids read from URLs, and the detail's optional sprite.
@Suite struct PokeAPIPagesTests {
    static let base = "http://poke.test/api/v2"

    static func page(_ entries: [(String, Int)], next: String?) -> HTTPResponse {
        let results = entries.map { #"{"name":"\#($0.0)","url":"\#(base)/pokemon/\#($0.1)/"}"# }.joined(separator: ",")
        let nextText = next.map { "\"\($0)\"" } ?? "null"
        return .json(200, #"{"count":99,"next":\#(nextText),"previous":null,"results":[\#(results)]}"#)
    }

    @Test func anEmptyPageEndsTheListEvenWithANextLink() async throws {
        let strategy = PresetPages<PokemonSummary>.pokeAPI(baseURL: BaseURL(Self.base), path: "pokemon", limit: 2)
        let transport = CountingTransport(FixedTransport(answers: [
            "\(Self.base)/pokemon?offset=0&limit=2": Self.page([("bulbasaur", 1), ("deoxys-attack", 10001)], next: "\(Self.base)/pokemon?offset=2&limit=2"),
            "\(Self.base)/pokemon?offset=2&limit=2": Self.page([], next: "\(Self.base)/pokemon?offset=4&limit=2"),
        ]))
        let loader = await drain(strategy, through: transport)
        #expect(loader.isExhausted)
        #expect(loader.items.map(\.id) == [1, 10001])
        #expect(transport.count == 2)
    }

    @Test func theCountEndsTheListBeforeAnEmptyPage() async throws {
        let strategy = PresetPages<PokemonSummary>.pokeAPI(baseURL: BaseURL(Self.base), path: "pokemon", limit: 2)
        let entries = #"{"name":"a","url":"\#(Self.base)/pokemon/5/"},{"name":"b","url":"\#(Self.base)/pokemon/3/"}"#
        let transport = CountingTransport(FixedTransport(answers: [
            "\(Self.base)/pokemon?offset=0&limit=2": .json(200, #"{"count":2,"next":null,"results":[\#(entries)]}"#),
        ]))
        let loader = await drain(strategy, through: transport)
        #expect(loader.isExhausted && loader.items.map(\.id) == [5, 3] && transport.count == 1)
    }

    @Test func headersGoWithEveryPage() async throws {
        var headers = RequestHeaders()
        try headers.add(line: "User-Agent: portal-test")
        let strategy = PresetPages<PokemonSummary>.pokeAPI(baseURL: BaseURL(Self.base), path: "pokemon", limit: 1, headers: headers)
        let transport = CountingTransport(FixedTransport(answers: [
            "\(Self.base)/pokemon?offset=0&limit=1": Self.page([("a", 1)], next: "\(Self.base)/pokemon?offset=1&limit=1"),
            "\(Self.base)/pokemon?offset=1&limit=1": Self.page([("b", 2)], next: nil),
        ]))
        _ = await drain(strategy, through: transport)
        #expect(transport.requests.count >= 2 && transport.requests.allSatisfy { $0.headers["User-Agent"] == "portal-test" })
    }

    @Test func theDetailDecodesTypesBySlotAndAnOptionalSprite() throws {
        let request = PokemonDetailRequest(baseURL: BaseURL(Self.base + "/"), id: 6)
        #expect(request.http.url.absoluteString == "\(Self.base)/pokemon/6/")
        let withSprite = #"{"base_experience":267,"height":17,"id":6,"name":"charizard","sprites":{"front_default":"https://img.test/6.png","back_default":null},"types":[{"slot":2,"type":{"name":"flying","url":"u"}},{"slot":1,"type":{"name":"fire","url":"u"}}],"weight":905}"#
        let record = try request.decode(.json(200, withSprite))
        #expect(record.types == ["fire", "flying"])
        #expect(record.height == 17 && record.weight == 905 && record.baseExperience == 267)
        #expect(record.spriteURL == "https://img.test/6.png")

        let noSprite = withSprite.replacingOccurrences(of: #""https://img.test/6.png""#, with: "null")
        #expect(try request.decode(.json(200, noSprite)).spriteURL == nil)
        let noSprites = withSprite.replacingOccurrences(of: #""sprites":{"front_default":"https://img.test/6.png","back_default":null},"#, with: "")
        #expect(try request.decode(.json(200, noSprites)).spriteURL == nil)

        #expect(throws: PageFailure.self) { try request.decode(.json(200, withSprite.replacingOccurrences(of: #""id":6"#, with: #""id":7"#))) }
        #expect(throws: PageFailure.self) { try request.decode(HTTPResponse(status: 404, body: Data("Not Found".utf8))) }
    }
}
