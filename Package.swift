// swift-tools-version: 6.1
import PackageDescription

/// portal: a terminal browser for paginated web APIs.
///
/// The targets follow the one direction of data described in docs/architecture.md:
/// PortalCore (transport, pagination) → PortalUI (view models, views, Screen) →
/// PortalTerminal (the only ncurses code) → the thin `portal` executable. PortalImage
/// (with the C decoder CImageShim) turns avatar bytes into pixels for PortalUI.
let package = Package(
    name: "portal",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "portal", targets: ["portal"]),
        .executable(name: "portal-mirror", targets: ["portal-mirror"]),
        .executable(name: "portal-bench", targets: ["portal-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        // Used directly by the mirror; Hummingbird brings them in anyway.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // The config file (PortalConfig): TOML through toml++.
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        // portal --openapi (PortalOpenAPI): OpenAPI 3.0/3.1 documents, JSON or YAML. The
        // ExternalLoading trait (remote $refs, slower to build) is not wanted.
        .package(url: "https://github.com/mattpolzin/OpenAPIKit", from: "6.4.0", traits: []),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        // The mirror's /graphql (PortalMirror only, never portal): the reference GraphQL
        // executor, introspection included; it needs swift-collections only (no NIO).
        .package(url: "https://github.com/GraphQLSwift/GraphQL", from: "4.3.0"),
        // portal mcp (PortalMCP): the official Model Context Protocol SDK. By branch: its own
        // manifest names swift-docc-plugin by branch, which a version requirement refuses.
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", branch: "main"),
        // Live lists over WebSocket (issue 38): the mirror's server side only (HummingbirdWebSocket).
        // portal's client is Debian's libwebsockets (PortalWebSocket): docs/benchmarks.md says why.
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
    ],
    targets: [
        // The one JSON scanner (JSONNode and its bounds, the string escapes) and the
        // order-keeping writer: below PortalCore, naming none of it, so every target reads JSON one way.
        .target(name: "PortalJSON"),
        .target(name: "PortalCore", dependencies: ["PortalJSON"]),
        // How a list pages, all of it: the dialects that read an answer and address the next
        // page (page, offset, cursor, next URL, Link, Content-Range, has-more, OData), the
        // detector that tells them from a first answer, and the sparse list the browser holds
        // (any index an item or a placeholder, pages near the viewport, a byte budget) with
        // its loader and fetcher. Core's values (requests, pages, specs) below; Core needs none of it.
        .target(name: "PortalPaging", dependencies: ["PortalCore", "PortalJSON"]),
        // Any REST list as a source (`portal --url`, a saved API's lists, an OpenAPI tab):
        // AnyAPISource over PortalPaging's dialects, its sort and key lookups.
        .target(name: "PortalREST", dependencies: ["PortalCore", "PortalPaging", "PortalJSON"]),
        // The config file of saved APIs (config.toml): parsing, validation and the secret
        // references, apart from the CLI so they are unit-tested without it.
        // Presets/*.toml: the built-in APIs' lists, in the config file's own schema (BuiltInPresets).
        // Signing in: Supabase Auth sessions (GoTrue), OAuth2 client credentials, a URL's
        // password as Basic, and the scope that keeps credentials on the origins named.
        // PortalCore signs requests through its `SignedInSession` protocol and names none of it.
        .target(name: "PortalAuth", dependencies: ["PortalCore", "PortalJSON"]),
        // The GraphQL client (portal --graphql): introspection, the lists a schema holds and
        // their paging, the query written for each, item lookups, and a list's subscription.
        .target(name: "PortalGraphQL", dependencies: ["PortalCore", "PortalPaging", "PortalJSON"]),
        // The built-in APIs' sources and their registry (Rick and Morty, PokeAPI, PostgREST /
        // Supabase): above PortalCore, which reaches them only through its protocols.
        .target(name: "PortalPresets", dependencies: ["PortalCore", "PortalPaging", "PortalJSON"]),
        .target(name: "PortalConfig", dependencies: ["PortalCore", "PortalPaging", "PortalPresets", "PortalAuth", .product(name: "TOMLKit", package: "TOMLKit")], resources: [.copy("Presets")]),
        // The demo APIs' typed models (Character, Episode, Location, PokemonRecord, …), their
        // byte reader (JSONReader, APIDecodable) and their API-shaped writer: the emulated
        // servers', the mirror's, the bench's and the tests'. No engine target names them
        // (DemoModelsStayOutOfTheEngineTests).
        .target(name: "PortalDemoModels", dependencies: ["PortalCore", "PortalJSON", "PortalPresets"]),
        // The emulated servers (the real APIs' behaviour, written once): the offline
        // snapshot source and the mirror answer through them.
        .target(name: "PortalServers", dependencies: ["PortalCore", "PortalJSON", "PortalPresets", "PortalDemoModels"]),
        // The lists an OpenAPI document describes (portal --openapi): its GET operations that
        // return lists, their paging from the vendor extensions, filters and item lookups.
        .target(name: "PortalOpenAPI", dependencies: [
            "PortalCore", "PortalJSON", "PortalPaging", "PortalREST",
            .product(name: "OpenAPIKit", package: "OpenAPIKit"), .product(name: "OpenAPIKit30", package: "OpenAPIKit"),
            .product(name: "OpenAPIKitCompat", package: "OpenAPIKit"), .product(name: "Yams", package: "Yams"),
        ]),
        // Image decoding in C (libjpeg-turbo, libpng): libjpeg's errors need setjmp.
        .target(
            name: "CImageShim",
            path: "Sources/CImageShim",
            linkerSettings: [.linkedLibrary("jpeg"), .linkedLibrary("png")]
        ),
        // libchafa (Debian libchafa-dev, through pkg-config) turns pixels into symbol cells
        // or sixel / kitty bytes; CPictureShim is the only code that includes it.
        .systemLibrary(name: "CChafa", path: "Sources/CChafa", pkgConfig: "chafa", providers: [.apt(["libchafa-dev"])]),
        .target(name: "CPictureShim", dependencies: ["CChafa"], path: "Sources/CPictureShim"),
        .target(name: "PortalImage", dependencies: ["CImageShim", "CPictureShim"]),
        // The C library's wcwidth for every scalar (Swift's Glibc module lacks it), so the
        // views measure text exactly as ncurses draws it.
        .target(name: "CTextWidth", path: "Sources/CTextWidth"),
        // The UI's effects and messages (and the mailbox that carries messages back): what the
        // update function and the interpreter that runs its effects both speak, so the
        // interpreter needs none of PortalUI's views or view models.
        .target(name: "PortalEffects", dependencies: ["PortalCore", "PortalPaging", "PortalImage"]),
        .target(name: "PortalUI", dependencies: ["PortalCore", "PortalPaging", "PortalJSON", "PortalEffects", "PortalImage", "CTextWidth"]),
        // Runs the UI's effects: owns the source's decoding, the transport, the retry
        // policy and the caches. PortalUI names none of them.
        .target(name: "PortalRuntime", dependencies: ["PortalCore", "PortalPaging", "PortalEffects", "PortalImage", "PortalJQ"]),
        // The on-disk HTTP cache, apart from PortalCore so Core stays Foundation-only: Debian's
        // libsqlite3 (libsqlite3-dev) through CSQLite, the only code that includes it.
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        .target(name: "PortalCache", dependencies: ["PortalCore", "CSQLite"]),
        // Export: `portal list`'s and the MCP tools' outputs (CSV/TSV, --json/ndjson, the
        // columns and range printed) and the stream that reads a whole list for them.
        .target(name: "PortalExport", dependencies: ["PortalCore", "PortalPaging", "PortalJSON"]),
        // `portal mcp`: the tools an agent calls (list_apis, get_rows, …) over the engine's
        // sources and paging, served on stdio by the MCP SDK.
        .target(name: "PortalMCP", dependencies: ["PortalCore", "PortalPaging", "PortalREST", "PortalJSON", "PortalExport", "PortalGraphQL", .product(name: "MCP", package: "swift-sdk"), .product(name: "Logging", package: "swift-log")]),
        // The live network on Debian's libcurl (libcurl4-openssl-dev): nothing to compile,
        // the proxy variables honoured. CCurl is the C side; PortalCurl the only code that imports it.
        .systemLibrary(name: "CCurl", path: "Sources/CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .target(name: "PortalCurl", dependencies: ["PortalCore", "CCurl"]),
        // portal's WebSocket client (graphql-transport-ws, Supabase Realtime) on Debian's
        // libwebsockets (libwebsockets-dev): CWebSockets is the C side, PortalWebSocket the only
        // code that imports it; the proxy rules are PortalCurl's ProxyEnvironment.
        .systemLibrary(name: "CWebSockets", path: "Sources/CWebSockets", providers: [.apt(["libwebsockets-dev"])]),
        .target(name: "PortalWebSocket", dependencies: ["PortalCore", "PortalCurl", "CWebSockets"]),
        .systemLibrary(name: "CNcurses", path: "Sources/CNcurses"),
        // libjq (Debian libjq-dev): jq programs on items, for `portal list --jq` and the
        // detail pane's `|` prompt. CJQ is the C side; PortalJQ the only code that imports it.
        .systemLibrary(name: "CJQ", path: "Sources/CJQ", providers: [.apt(["libjq-dev"])]),
        .target(name: "PortalJQ", dependencies: ["CJQ"]),
        .target(name: "CPortalShim", path: "Sources/CPortalShim"),
        .target(name: "PortalTerminal", dependencies: ["PortalUI", "PortalEffects", "PortalCore", "PortalImage", "CNcurses", "CPortalShim"]),
        // One resolver from what the user asked (a preset, --url, --openapi, --graphql, a saved
        // API) to the source, its connection and what the commands need (SourceResolver).
        .target(name: "PortalSources", dependencies: [
            "PortalCore", "PortalJSON", "PortalConfig", "PortalOpenAPI", "PortalServers", "PortalCache", "PortalCurl", "PortalWebSocket", "PortalJQ",
            "PortalAuth", "PortalGraphQL", "PortalPresets", "PortalPaging", "PortalREST",
        ]),
        .executableTarget(
            name: "portal",
            dependencies: [
                "PortalCore", "PortalPaging", "PortalServers", "PortalUI", "PortalRuntime", "PortalTerminal", "PortalCache", "PortalCurl", "PortalJQ",
                "PortalWebSocket", "PortalAuth", "PortalExport",
                "PortalConfig", "PortalOpenAPI", "PortalMCP", "PortalSources", "PortalPresets", "PortalREST",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(
            name: "PortalMirror",
            dependencies: [
                "PortalCore", "PortalJSON", "PortalServers", "PortalPresets", "PortalDemoModels",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "GraphQL", package: "GraphQL"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
            ]
        ),
        .executableTarget(
            name: "portal-mirror",
            dependencies: [
                "PortalMirror",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "portal-bench",
            dependencies: ["PortalCore", "PortalPaging", "PortalJSON", "PortalPresets", "PortalConfig", "PortalServers", "PortalEffects", "PortalUI", "PortalRuntime", "PortalCurl", "PortalImage", "PortalDemoModels"]
        ),
        // One home for the helpers every test target shares (test data, counting and
        // scripted transports, `drain`).
        .target(name: "PortalTestSupport", dependencies: ["PortalREST", "PortalCore", "PortalPaging", "PortalJSON", "PortalPresets", "PortalGraphQL", "PortalServers", "PortalConfig", "PortalSources", "PortalDemoModels"], path: "Tests/PortalTestSupport"),
        .testTarget(name: "PortalCoreTests", dependencies: ["PortalREST", "PortalPaging", "PortalMirror", "PortalCore", "PortalJSON", "PortalPresets", "PortalAuth", "PortalExport", "PortalGraphQL", "PortalServers", "PortalTestSupport", "PortalDemoModels"]),
        .testTarget(name: "PortalServersTests", dependencies: ["PortalPaging", "PortalServers", "PortalCore", "PortalPresets", "PortalTestSupport", "PortalDemoModels"]),
        .testTarget(name: "PortalImageTests", dependencies: ["PortalImage"]),
        .testTarget(name: "PortalJQTests", dependencies: ["PortalJQ"]),
        .testTarget(name: "PortalJSONTests", dependencies: ["PortalJSON"]),
        .testTarget(name: "PortalDemoModelsTests", dependencies: ["PortalDemoModels", "PortalCore", "PortalJSON", "PortalTestSupport"]),
        .testTarget(name: "PortalUITests", dependencies: ["PortalREST", "PortalPaging", "PortalUI", "PortalRuntime", "PortalCore", "PortalPresets", "PortalJSON", "PortalGraphQL", "PortalImage", "PortalTestSupport", "PortalDemoModels"], resources: [.copy("Golden")]),
        .testTarget(name: "PortalTerminalTests", dependencies: ["PortalTerminal", "PortalUI", "PortalImage", "CNcurses"]),
        .testTarget(name: "PortalCurlTests", dependencies: ["PortalREST", "PortalPaging", "PortalCurl", "PortalCore", "PortalPresets", "PortalServers", "PortalTestSupport", "PortalDemoModels"]),
        .testTarget(name: "PortalWebSocketTests", dependencies: ["PortalWebSocket", "PortalCurl", "PortalCore", "PortalTestSupport", "CWebSockets"]),
        .testTarget(name: "PortalMirrorTests", dependencies: ["PortalPaging", "PortalMirror", "PortalCore", "PortalPresets", "PortalJSON", "PortalGraphQL", "PortalCurl", "PortalWebSocket", "PortalServers", "PortalTestSupport", "PortalDemoModels"]),
        // PortalMirror: `portal list` end to end against an in-process mirror.
        .testTarget(name: "PortalEndToEndTests", dependencies: ["PortalCore", "PortalJSON", "PortalMirror", "PortalTestSupport", "PortalImage", "PortalDemoModels"]),
        .testTarget(name: "PortalConfigTests", dependencies: ["PortalPaging", "PortalREST", "PortalConfig", "PortalPresets"]),
        .testTarget(name: "PortalMCPTests", dependencies: ["PortalPaging", "PortalREST", "PortalMCP", "PortalCore", "PortalPresets", "PortalTestSupport", .product(name: "MCP", package: "swift-sdk")]),
        .testTarget(name: "PortalOpenAPITests", dependencies: ["PortalPaging", "PortalOpenAPI", "PortalCore", "PortalMirror", "PortalCurl", "PortalServers", "PortalTestSupport"]),
        .testTarget(name: "PortalSourcesTests", dependencies: ["PortalPaging", "PortalREST", "PortalSources", "PortalCore", "PortalPresets", "PortalGraphQL", "PortalTestSupport"]),
        .testTarget(name: "PortalAuthTests", dependencies: ["PortalPaging", "PortalAuth", "PortalCore", "PortalPresets", "PortalCurl", "PortalMirror", "PortalServers", "PortalTestSupport"]),
        .testTarget(name: "PortalGraphQLTests", dependencies: ["PortalPaging", "PortalGraphQL", "PortalCore", "PortalJSON", "PortalExport", "PortalTestSupport"]),
        .testTarget(name: "PortalExportTests", dependencies: ["PortalREST", "PortalPaging", "PortalExport", "PortalCore", "PortalPresets", "PortalServers", "PortalTestSupport", "PortalDemoModels"]),
        .testTarget(name: "PortalRESTTests", dependencies: ["PortalREST", "PortalPaging", "PortalCore", "PortalJSON", "PortalGraphQL", "PortalTestSupport"]),
        .testTarget(name: "PortalPagingTests", dependencies: ["PortalREST", "PortalPaging", "PortalMirror", "PortalCore", "PortalJSON", "PortalPresets", "PortalServers", "PortalTestSupport", "PortalDemoModels"]),
        .testTarget(name: "PortalPresetsTests", dependencies: ["PortalPaging", "PortalMirror", "PortalPresets", "PortalCore", "PortalJSON", "PortalTestSupport", "PortalDemoModels"]),
        .testTarget(name: "PortalCacheTests", dependencies: ["PortalREST", "PortalPaging", "PortalCache", "PortalExport", "PortalGraphQL", "PortalCore", "PortalPresets", "PortalRuntime", "PortalTestSupport", "PortalDemoModels"]),
    ],
    swiftLanguageModes: [.v6]
)
