import Foundation

// Seeds for the description readers: introspection answers of the three GraphQL list
// shapes portal reads (Relay connections with a `node` interface, Rick and Morty's page
// objects, offset lists), and OpenAPI documents in JSON and YAML (3.0 and 3.1, vendor
// paging, servers with variables, anchors and aliases). Small, so libFuzzer mutates them
// quickly; written here, nothing copied.

/// One introspection answer's `types` entries, written as `__schema` holds them.
enum Introspection {
    static func named(_ kind: String, _ name: String) -> String { #"{"kind":"\#(kind)","name":"\#(name)","ofType":null}"# }
    static func wrapped(_ kind: String, _ inner: String) -> String { #"{"kind":"\#(kind)","name":null,"ofType":\#(inner)}"# }
    static func argument(_ name: String, _ type: String) -> String { #"{"name":"\#(name)","defaultValue":null,"type":\#(type)}"# }
    static func field(_ name: String, _ type: String, _ arguments: [String] = []) -> String {
        #"{"name":"\#(name)","args":[\#(arguments.joined(separator: ","))],"type":\#(type)}"#
    }
    static func type(_ name: String, _ fields: [String], kind: String = "OBJECT", interfaces: [String] = []) -> String {
        let named = interfaces.map { #"{"name":"\#($0)"}"# }.joined(separator: ",")
        return #"{"kind":"\#(kind)","name":"\#(name)","interfaces":[\#(named)],"fields":[\#(fields.joined(separator: ","))]}"#
    }
    static func answer(query: String = "Query", _ types: [String]) -> String {
        #"{"data":{"__schema":{"queryType":{"name":"\#(query)"},"types":[\#(types.joined(separator: ","))]}}}"#
    }

    static let id = wrapped("NON_NULL", named("SCALAR", "ID"))
    static let string = named("SCALAR", "String")
    static let int = named("SCALAR", "Int")

    static var seeds: [String] {
        let character = named("OBJECT", "Character")
        let relay = answer([
            type("Query", [
                field("characters", wrapped("NON_NULL", named("OBJECT", "CharacterConnection")), [argument("first", int), argument("after", string)]),
                field("node", named("INTERFACE", "Node"), [argument("id", id)]),
                field("character", character, [argument("id", id)]),
            ]),
            type("Node", [field("id", id)], kind: "INTERFACE"),
            type("CharacterConnection", [field("edges", wrapped("LIST", named("OBJECT", "CharacterEdge"))),
                                         field("pageInfo", wrapped("NON_NULL", named("OBJECT", "PageInfo"))), field("totalCount", int)]),
            type("CharacterEdge", [field("cursor", wrapped("NON_NULL", string)), field("node", character)]),
            type("PageInfo", [field("hasNextPage", named("SCALAR", "Boolean")), field("endCursor", string)]),
            type("Character", [field("id", id), field("name", string), field("status", named("ENUM", "Status")), field("createdAt", string),
                               field("origin", named("OBJECT", "Location")),
                               field("episodes", named("OBJECT", "CharacterConnection"), [argument("first", int), argument("after", string)])],
                 interfaces: ["Node"]),
            type("Location", [field("id", id), field("name", string)], interfaces: ["Node"]),
        ])
        let pages = answer([
            type("Query", [field("characters", named("OBJECT", "Characters"), [argument("page", int), argument("filter", named("INPUT_OBJECT", "F"))]),
                           field("character", named("OBJECT", "Character"), [argument("id", id)])]),
            type("Characters", [field("info", named("OBJECT", "Info")), field("results", wrapped("LIST", named("OBJECT", "Character")))]),
            type("Info", [field("count", int), field("pages", int), field("next", int), field("prev", int)]),
            type("Character", [field("id", id), field("name", string), field("image", string),
                               field("episode", wrapped("NON_NULL", wrapped("LIST", named("OBJECT", "Episode"))))]),
            type("Episode", [field("id", id), field("name", string), field("air_date", string)]),
        ])
        let offsets = answer(query: "QueryRoot", [
            type("QueryRoot", [field("users", wrapped("NON_NULL", wrapped("LIST", wrapped("NON_NULL", named("OBJECT", "User")))),
                                     [argument("offset", int), argument("limit", int)]),
                               field("__schema", named("OBJECT", "__Schema"))]),
            type("User", [field("id", id), field("login", string), field("team", named("OBJECT", "Team"))]),
            type("Team", [field("name", string)]),
        ])
        return [relay, pages, offsets, #"{"errors":[{"message":"introspection is disabled"}]}"#, #"{"data":{"__schema":null}}"#]
    }
}

/// OpenAPI documents, each one of the shapes portal reads lists from.
enum OpenAPISeeds {
    static let seeds: [String] = [
        ##"{"openapi":"3.1.0","info":{"title":"Characters","version":"1"},"servers":[{"url":"https://api.test/v1"}],"paths":{"/characters":{"get":{"parameters":[{"name":"page","in":"query","schema":{"type":"integer"}}],"responses":{"200":{"description":"ok","content":{"application/json":{"schema":{"type":"object","properties":{"info":{"type":"object","properties":{"count":{"type":"integer"},"next":{"type":"string"}}},"results":{"type":"array","items":{"$ref":"#/components/schemas/Character"}}}}}}}}}}},"components":{"schemas":{"Character":{"type":"object","properties":{"id":{"type":"integer"},"name":{"type":"string"}}}}}}"##,
        #"{"openapi":"3.0.3","info":{"title":"","version":"1"},"servers":[{"url":"{scheme}://{host}/api","variables":{"scheme":{"default":"https"},"host":{"default":"api.test"}}}],"paths":{"/items":{"get":{"x-pagination":{"cursor":"starting_after","items":"data"},"parameters":[{"name":"limit","in":"query","schema":{"type":"integer"}},{"name":"starting_after","in":"query","schema":{"type":"string"}}],"responses":{"200":{"description":"ok","content":{"application/json":{"schema":{"type":"object","properties":{"data":{"type":"array","items":{"type":"object"}},"has_more":{"type":"boolean"}}}}}}}}},"/items/{id}":{"get":{"parameters":[{"name":"id","in":"path","required":true,"schema":{"type":"string"}}],"responses":{"200":{"description":"ok"}}}}}}"#,
        """
        openapi: 3.0.3
        info: {title: Shelf, version: "1"}
        servers: [{url: /v2}]
        paths:
          /books:
            get:
              parameters:
                - &offset {name: offset, in: query, schema: {type: integer}}
                - &limit {name: limit, in: query, schema: {type: integer}}
              responses: &list
                "200":
                  description: ok
                  headers: {Link: {schema: {type: string}}}
                  content:
                    application/json:
                      schema: {type: array, items: {$ref: '#/components/schemas/Book'}}
          /authors:
            get:
              parameters: [*offset, *limit]
              responses: *list
        components:
          schemas:
            Book:
              type: object
              properties: {id: {type: integer}, title: {type: string}, cover: {type: string, format: uri}}
        """,
        """
        openapi: 3.1.0
        info:
          title: Rows
          version: '1'
        paths:
          /rows:
            get:
              x-stainless-pagination-property: {purpose: next_cursor_param}
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema:
                        type: object
                        properties:
                          rows: {type: array, items: {type: object}}
                          next_cursor: {type: [string, 'null']}
        x-laughs: {a: &a [1, 2], b: [*a, *a]}
        """,
        #"{"swagger":"2.0","info":{"title":"t","version":"1"},"paths":{}}"#,
    ]
}
