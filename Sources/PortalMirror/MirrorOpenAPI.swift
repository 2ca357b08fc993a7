import Foundation
import PortalCore

/// The mirror's `/openapi.json`: an OpenAPI 3.1 document describing its routes — the Rick
/// and Morty API's lists and items, PokeAPI's Pokémon list, and the any-API paging styles
/// (`/dialects/<style>/characters`) — each list with one of the paging vendor extensions
/// portal reads (`x-speakeasy-pagination`, `x-ms-pageable`, `x-fern-pagination`,
/// Stainless' `x-stainless-pagination-property`) or none where the answer itself tells.
/// So `portal --openapi http://…/openapi.json` can be tried, and tested, against every one.
///
/// Its one server is `/`: relative, resolved against the document's own URL, so the
/// document is right on whatever port the mirror listens. Static text (tab order is the
/// order written here).
public enum MirrorOpenAPI {
    /// Where the mirror serves it.
    public static let path = "/openapi.json"

    /// The document, as served.
    public static func response() -> HTTPResponse {
        HTTPResponse(status: 200, headers: ["content-type": "application/json"], body: Data(document.utf8))
    }

    static let document = #"""
    {
      "openapi": "3.1.0",
      "info": {
        "title": "portal-mirror",
        "version": "1",
        "description": "The mirror's routes: the Rick and Morty API, PokeAPI's Pok\u00e9mon list, and the any-API paging styles over the characters, with the paging vendor extensions portal reads."
      },
      "servers": [
        {
          "url": "/"
        }
      ],
      "paths": {
        "/api/character": {
          "get": {
            "operationId": "listCharacters",
            "summary": "Rick and Morty's characters",
            "parameters": [{"name":"page","in":"query","required":false,"schema":{"type":"integer"}},{"name":"name","in":"query","required":false,"schema":{"type":"string"}},{"name":"status","in":"query","required":false,"schema":{"type":"string","enum":["alive","dead","unknown"]}},{"name":"species","in":"query","required":false,"schema":{"type":"string"}},{"name":"type","in":"query","required":false,"schema":{"type":"string"}},{"name":"gender","in":"query","required":false,"schema":{"type":"string","enum":["female","male","genderless","unknown"]}}],
            "responses": {"200":{"description":"OK","content":{"application/json":{"schema":{"$ref":"#/components/schemas/CharacterPage"}}}}},
            "x-speakeasy-pagination": {"type":"url","outputs":{"nextUrl":"$.info.next","results":"$.results"}}
          }
        },
        "/api/character/{id}": {
          "get": {
            "operationId": "getCharacter",
            "parameters": [{"name":"id","in":"path","required":true,"schema":{"type":"integer"}}],
            "responses": {"200":{"description":"OK","content":{"application/json":{"schema":{"$ref":"#/components/schemas/Character"}}}}}
          }
        },
        "/api/location": {
          "get": {
            "operationId": "listLocations",
            "parameters": [{"name":"page","in":"query","required":false,"schema":{"type":"integer"}},{"name":"name","in":"query","required":false,"schema":{"type":"string"}},{"name":"type","in":"query","required":false,"schema":{"type":"string"}},{"name":"dimension","in":"query","required":false,"schema":{"type":"string"}}],
            "responses": {"200":{"description":"OK","content":{"application/json":{"schema":{"$ref":"#/components/schemas/LocationPage"}}}}},
            "x-ms-pageable": {"nextLinkName":"info.next","itemName":"results"}
          }
        },
        "/api/location/{id}": {
          "get": {
            "operationId": "getLocation",
            "parameters": [{"name":"id","in":"path","required":true,"schema":{"type":"integer"}}],
            "responses": {"200":{"description":"OK","content":{"application/json":{"schema":{"$ref":"#/components/schemas/Location"}}}}}
          }
        },
        "/api/episode": {
          "get": {
            "operationId": "listEpisodes",
            "parameters": [{"name":"page","in":"query","required":false,"schema":{"type":"integer"}},{"name":"name","in":"query","required":false,"schema":{"type":"string"}},{"name":"episode","in":"query","required":false,"schema":{"type":"string"}}],
            "responses": {"200":{"description":"OK","content":{"application/json":{"schema":{"$ref":"#/components/schemas/EpisodePage"}}}}},
            "x-fern-pagination": {"offset":"$request.page","results":"$response.results"}
          }
        },
        "/api/episode/{id}": {
          "get": {
            "operationId": "getEpisode",
            "parameters": [{"name":"id","in":"path","required":true,"schema":{"type":"integer"}}],
            "responses": {"200":{"description":"OK","content":{"application/json":{"schema":{"$ref":"#/components/schemas/Episode"}}}}}
          }
        },
        "/api/v2/pokemon": {
          "get": {
            "operationId": "listPokemon",
            "parameters": [{"name":"offset","in":"query","required":false,"schema":{"type":"integer"}},{"name":"limit","in":"query","required":false,"schema":{"type":"integer"}}],
            "responses": {"200":{"description":"OK","content":{"application/json":{"schema":{"$ref":"#/components/schemas/NamedResourcePage"}}}}},
            "x-speakeasy-pagination": {"type":"offsetLimit","inputs":[{"name":"offset","in":"parameters","type":"offset"},{"name":"limit","in":"parameters","type":"limit"}],"outputs":{"results":"$.results"}}
          }
        },
        "/api/v2/pokemon/{id}": {
          "get": {
            "operationId": "getPokemon",
            "parameters": [{"name":"id","in":"path","required":true,"schema":{"type":"string"}}],
            "responses": {"200":{"description":"OK","content":{"application/json":{"schema":{"type":"object"}}}}}
          }
        },
        "/dialects/link/characters": {
          "get": {
            "operationId": "linkCharacters",
            "summary": "GitHub's Link header (detected from the answer)",
            "parameters": [{"name":"page","in":"query","required":false,"schema":{"type":"integer"}},{"name":"per_page","in":"query","required":false,"schema":{"type":"integer"}}],
            "responses": {"200":{"description":"OK","content":{"application/json":{"schema":{"type":"array","items":{"$ref":"#/components/schemas/Character"}}}}}}
          }
        },
        "/dialects/pages/characters": {
          "get": {
            "operationId": "pagesCharacters",
            "parameters": [{"name":"page","in":"query","required":false,"schema":{"type":"integer"}},{"name":"size","in":"query","required":false,"schema":{"type":"integer"}}],
            "responses": {"200":{"description":"OK","content":{"application/json":{"schema":{"type":"object","properties":{"items":{"type":"array","items":{"$ref":"#/components/schemas/Character"}},"total":{"type":"integer"},"page":{"type":"integer"},"size":{"type":"integer"},"pages":{"type":"integer"}}}}}}},
            "x-speakeasy-pagination": {"type":"offsetLimit","inputs":[{"name":"page","in":"parameters","type":"page"},{"name":"size","in":"parameters","type":"limit"}],"outputs":{"results":"$.items"}}
          }
        },
        "/dialects/next/characters": {
          "get": {
            "operationId": "nextCharacters",
            "parameters": [{"name":"page","in":"query","required":false,"schema":{"type":"integer"}},{"name":"page_size","in":"query","required":false,"schema":{"type":"integer"}}],
            "responses": {"200":{"description":"OK","content":{"application/json":{"schema":{"type":"object","properties":{"count":{"type":"integer"},"next":{"type":["string","null"]},"previous":{"type":["string","null"]},"results":{"type":"array","items":{"$ref":"#/components/schemas/Character"}}}}}}}},
            "x-ms-pageable": {"nextLinkName":"next","itemName":"results"}
          }
        },
        "/dialects/next-nocount/characters": {
          "get": {
            "operationId": "nextNoCountCharacters",
            "parameters": [{"name":"cursor","in":"query","required":false,"schema":{"type":"string"}},{"name":"page_size","in":"query","required":false,"schema":{"type":"integer"}}],
            "responses": {"200":{"description":"OK","content":{"application/json":{"schema":{"type":"object","properties":{"next":{"type":["string","null"],"x-stainless-pagination-property":{"purpose":"cursor_url_field"}},"previous":{"type":["string","null"]},"results":{"type":"array","items":{"$ref":"#/components/schemas/Character"},"x-stainless-pagination-property":{"purpose":"items"}}}}}}}}
          }
        },
        "/dialects/cursor/characters": {
          "get": {
            "operationId": "cursorCharacters",
            "parameters": [{"name":"cursor","in":"query","required":false,"schema":{"type":"string"}},{"name":"limit","in":"query","required":false,"schema":{"type":"integer"}}],
            "responses": {"200":{"description":"OK","content":{"application/json":{"schema":{"type":"object","properties":{"data":{"type":"array","items":{"$ref":"#/components/schemas/Character"}},"next_cursor":{"type":["string","null"]}}}}}}},
            "x-fern-pagination": {"cursor":"$request.cursor","next_cursor":"$response.next_cursor","results":"$response.data"}
          }
        },
        "/dialects/stripe/characters": {
          "get": {
            "operationId": "stripeCharacters",
            "parameters": [{"name":"starting_after","in":"query","required":false,"schema":{"type":"string","x-stainless-pagination-property":{"purpose":"next_cursor_id_param"}}},{"name":"limit","in":"query","required":false,"schema":{"type":"integer"}}],
            "responses": {"200":{"description":"OK","content":{"application/json":{"schema":{"type":"object","properties":{"object":{"type":"string"},"data":{"type":"array","items":{"$ref":"#/components/schemas/Character"},"x-stainless-pagination-property":{"purpose":"items"}},"has_more":{"type":"boolean"},"url":{"type":"string"}}}}}}}
          }
        },
        "/dialects/jsonapi/characters": {
          "get": {
            "operationId": "jsonapiCharacters",
            "parameters": [{"name":"page[number]","in":"query","required":false,"schema":{"type":"integer"}},{"name":"page[size]","in":"query","required":false,"schema":{"type":"integer"}}],
            "responses": {"200":{"description":"OK","content":{"application/json":{"schema":{"type":"object","properties":{"data":{"type":"array","items":{"type":"object"}},"links":{"type":"object"},"meta":{"type":"object"}}}}}}}
          }
        },
        "/dialects/hal/characters": {
          "get": {
            "operationId": "halCharacters",
            "parameters": [{"name":"page","in":"query","required":false,"schema":{"type":"integer"}},{"name":"size","in":"query","required":false,"schema":{"type":"integer"}}],
            "responses": {"200":{"description":"OK","content":{"application/json":{"schema":{"type":"object","properties":{"_embedded":{"type":"object","properties":{"characters":{"type":"array","items":{"$ref":"#/components/schemas/Character"}}}},"_links":{"type":"object"},"page":{"type":"object"}}}}}}}
          }
        }
      },
      "components": {
        "schemas": {
          "Info": {
            "type": "object",
            "properties": {"count":{"type":"integer"},"pages":{"type":"integer"},"next":{"type":["string","null"]},"prev":{"type":["string","null"]}}
          },
          "Character": {
            "type": "object",
            "properties": {"id":{"type":"integer"},"name":{"type":"string"},"status":{"type":"string"},"species":{"type":"string"},"type":{"type":"string"},"gender":{"type":"string"},"origin":{"type":"object","properties":{"name":{"type":"string"},"url":{"type":"string"}}},"location":{"type":"object","properties":{"name":{"type":"string"},"url":{"type":"string"}}},"image":{"type":"string"},"episode":{"type":"array","items":{"type":"string"}},"url":{"type":"string"},"created":{"type":"string"}}
          },
          "Location": {
            "type": "object",
            "properties": {"id":{"type":"integer"},"name":{"type":"string"},"type":{"type":"string"},"dimension":{"type":"string"},"residents":{"type":"array","items":{"type":"string"}},"url":{"type":"string"},"created":{"type":"string"}}
          },
          "Episode": {
            "type": "object",
            "properties": {"id":{"type":"integer"},"name":{"type":"string"},"air_date":{"type":"string"},"episode":{"type":"string"},"characters":{"type":"array","items":{"type":"string"}},"url":{"type":"string"},"created":{"type":"string"}}
          },
          "CharacterPage": {
            "type": "object",
            "properties": {"info":{"$ref":"#/components/schemas/Info"},"results":{"type":"array","items":{"$ref":"#/components/schemas/Character"}}}
          },
          "LocationPage": {
            "type": "object",
            "properties": {"info":{"$ref":"#/components/schemas/Info"},"results":{"type":"array","items":{"$ref":"#/components/schemas/Location"}}}
          },
          "EpisodePage": {
            "type": "object",
            "properties": {"info":{"$ref":"#/components/schemas/Info"},"results":{"type":"array","items":{"$ref":"#/components/schemas/Episode"}}}
          },
          "NamedResourcePage": {
            "type": "object",
            "properties": {"count":{"type":"integer"},"next":{"type":["string","null"]},"previous":{"type":["string","null"]},"results":{"type":"array","items":{"type":"object","properties":{"name":{"type":"string"},"url":{"type":"string"}}}}}
          }
        }
      }
    }
    """#
}
