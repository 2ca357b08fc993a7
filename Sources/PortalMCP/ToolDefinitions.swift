import MCP

/// The five tools as the client sees them: names, descriptions an agent can act on, and
/// a JSON Schema for each one's arguments.
enum ToolDefinitions {
    static let listAPIs = "list_apis"
    static let describeList = "describe_list"
    static let getRows = "get_rows"
    static let getItem = "get_item"
    static let countRows = "count_rows"

    static var all: [Tool] {
        [
            Tool(name: listAPIs, title: "List the APIs and their lists",
                 description: "Every API this server reads (saved in portal's config, built in, or given on its command line) with its lists: name, title, total when known (and whether exact), paging style, and whether any row can be reached directly (addressable) or the list must be walked. Start here.",
                 inputSchema: schema([:], required: []), annotations: readOnly),
            Tool(name: describeList, title: "Describe a list",
                 description: "The shape of one list, read from its first page: its fields with their types and an example value, the key get_item takes, the fields a row shows by default, the filters the server takes (with their allowed values), the fields it can sort by, its total and page size, and the related lists get_item returns.",
                 inputSchema: schema(["api": apiArg, "list": listArg], required: ["api", "list"]), annotations: readOnly),
            Tool(name: getRows, title: "Read rows",
                 description: "Rows of a list from any position, as compact arrays under 'columns' (the list's card fields unless 'fields' names others; dotted paths reach nested values). Gives 'total' and 'next_from' (and 'next_cursor' on a list that can only be walked). On an addressable list any 'from' costs one or two requests; on a walked list a far 'from' walks page by page with progress notifications, up to the call's time limit, and says where it got to. Answers are capped in bytes: 'next_from' continues.",
                 inputSchema: schema([
                     "api": apiArg, "list": listArg,
                     "from": .object(["type": "integer", "minimum": 1, "default": 1, "description": "1-based position of the first row"]),
                     "count": .object(["type": "integer", "minimum": 1, "maximum": .int(GetRowsTool.maxCount), "default": 20, "description": "rows wanted (at most 100)"]),
                     "fields": .object(["type": "array", "items": .object(["type": "string"]), "description": "the columns wanted (field names or dotted paths, see describe_list)"]),
                     "filters": filtersArg,
                     "sort": .object(["type": "string", "description": "a field to sort by on the server, '-field' for descending (describe_list names the sort fields)"]),
                     "cursor": .object(["type": "string", "description": "a next_cursor from an earlier answer: continues that list (api and list may be left out)"]),
                 ], required: []), annotations: readOnly),
            Tool(name: getItem, title: "Get one record",
                 description: "One record of a list by its key (the field describe_list names as 'key': an id, a uid, a slug), looked up by the API in one request whatever rows were read, with all its fields and each related list (a character's episodes, a member's teams) as its count and first rows. A key of several fields is an array.",
                 inputSchema: schema([
                     "api": apiArg, "list": listArg,
                     "key": .object([
                         "type": ["string", "integer", "array"], "items": .object(["type": ["string", "integer"]]),
                         "description": "the record's key, e.g. 1, \"u-0042\" or [\"org\", \"name\"]",
                     ]),
                 ], required: ["api", "list", "key"]), annotations: readOnly),
            Tool(name: countRows, title: "Count rows",
                 description: "How many rows a list has with the given filters, as the server counts them: 'kind' says exact, estimated or unknown (then 'at_least' says how many the first page holds).",
                 inputSchema: schema(["api": apiArg, "list": listArg, "filters": filtersArg], required: ["api", "list"]), annotations: readOnly),
        ]
    }

    static let apiArg: Value = .object(["type": "string", "description": "an API's name from list_apis"])
    static let listArg: Value = .object(["type": "string", "description": "one of the API's lists from list_apis"])
    static let filtersArg: Value = .object([
        "type": "object", "additionalProperties": .object(["type": "string"]),
        "description": "filters the server applies, name to value, e.g. {\"status\": \"dead\"} (describe_list names them)",
    ])
    static let readOnly = Tool.Annotations(readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true)

    static func schema(_ properties: [String: Value], required: [String]) -> Value {
        .object([
            "type": "object",
            "properties": .object(properties),
            "required": .array(required.map { .string($0) }),
            "additionalProperties": false,
        ])
    }

    /// The arguments each tool takes (others are a tool error naming these).
    static func arguments(of tool: String) -> [String]? {
        switch tool {
        case listAPIs: []
        case describeList: ["api", "list"]
        case getRows: GetRowsTool.arguments
        case getItem: ["api", "list", "key"]
        case countRows: ["api", "list", "filters"]
        default: nil
        }
    }
}
