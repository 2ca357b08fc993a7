// swift-tools-version: 6.1
import PackageDescription

/// portal's libFuzzer targets (docs/fuzzing.md), in a package of their own so that the
/// sanitizer flags never touch the main build, and `make test` never builds them.
///
/// The project's own modules are compiled here from the very same source folders:
/// `Linked/` holds symlinks to `../Sources/<Target>` (the main package exposes no library
/// products to depend on, and SwiftPM refuses target paths outside the package root).
/// `make fuzz` (`run.sh`) builds every `fuzz-*` product with libFuzzer coverage and ASan,
/// the C image shim included, in `../.build-fuzz`, and `fuzz-seeds` without sanitizers in
/// `../.build-fuzz-seeds`: a plain executable cannot share a build with libFuzzer, whose
/// runtime brings its own `main`.
let package = Package(
    name: "portal-fuzz",
    // The OpenAPI reader's libraries, at the main package's resolved versions (its
    // Package.resolved), so fuzz-openapi fuzzes what portal runs.
    dependencies: [
        .package(url: "https://github.com/mattpolzin/OpenAPIKit", exact: "6.4.0", traits: []),
        .package(url: "https://github.com/jpsim/Yams", exact: "6.2.2"),
    ],
    targets: [
        // The project's sources, unchanged.
        .target(name: "PortalJSON", path: "Linked/PortalJSON"),
        .target(name: "PortalCore", dependencies: ["PortalJSON"], path: "Linked/PortalCore"),
        .target(name: "PortalPaging", dependencies: ["PortalCore", "PortalJSON"], path: "Linked/PortalPaging"),
        .target(name: "PortalREST", dependencies: ["PortalCore", "PortalPaging", "PortalJSON"], path: "Linked/PortalREST"),
        .target(name: "PortalPresets", dependencies: ["PortalCore", "PortalPaging", "PortalJSON"], path: "Linked/PortalPresets"),
        .target(name: "PortalDemoModels", dependencies: ["PortalCore", "PortalJSON", "PortalPresets"], path: "Linked/PortalDemoModels"),
        .target(name: "PortalServers", dependencies: ["PortalCore", "PortalJSON", "PortalPresets", "PortalDemoModels"], path: "Linked/PortalServers"),
        .target(name: "PortalGraphQL", dependencies: ["PortalCore", "PortalPaging", "PortalJSON"], path: "Linked/PortalGraphQL"),
        .target(name: "CImageShim", path: "Linked/CImageShim", linkerSettings: [.linkedLibrary("jpeg"), .linkedLibrary("png")]),
        .systemLibrary(name: "CChafa", path: "Linked/CChafa", pkgConfig: "chafa"),
        .target(name: "CPictureShim", dependencies: ["CChafa"], path: "Linked/CPictureShim"),
        .target(name: "PortalImage", dependencies: ["CImageShim", "CPictureShim"], path: "Linked/PortalImage"),
        .target(name: "CTextWidth", path: "Linked/CTextWidth"),
        .target(name: "PortalEffects", dependencies: ["PortalCore", "PortalPaging", "PortalImage"], path: "Linked/PortalEffects"),
        .target(name: "PortalUI", dependencies: ["PortalCore", "PortalPaging", "PortalJSON", "PortalEffects", "PortalImage", "CTextWidth"], path: "Linked/PortalUI"),
        .target(name: "PortalOpenAPI", dependencies: [
            "PortalCore",
            .product(name: "OpenAPIKit", package: "OpenAPIKit"), .product(name: "OpenAPIKit30", package: "OpenAPIKit"),
            .product(name: "OpenAPIKitCompat", package: "OpenAPIKit"), .product(name: "Yams", package: "Yams"),
            "PortalJSON", "PortalPaging", "PortalREST",
        ], path: "Linked/PortalOpenAPI"),
        .systemLibrary(name: "CNcurses", path: "Linked/CNcurses"),
        .target(name: "CPortalShim", path: "Linked/CPortalShim"),
        .target(name: "PortalTerminal", dependencies: ["PortalUI", "PortalEffects", "PortalCore", "PortalImage", "CNcurses", "CPortalShim"], path: "Linked/PortalTerminal"),
        // The part of PortalCache that reads a kept answer back (no SQLite): symlinks to
        // single files of Sources/PortalCache.
        .target(name: "PortalCacheReadBack", dependencies: ["PortalCore", "PortalJSON"], path: "Linked/PortalCacheReadBack"),

        // What each fuzzer does with its bytes; the PortalCore part is also compiled into
        // PortalCoreTests (a symlink there), whose regression tests replay found crashes.
        .target(name: "FuzzEntryPoints", dependencies: ["PortalCore", "PortalPaging", "PortalJSON", "PortalPresets", "PortalGraphQL", "PortalDemoModels"]),
        // The same for fuzz-cache-answer; compiled into PortalCacheTests too.
        .target(name: "CacheFuzzEntryPoint", dependencies: ["PortalCore", "PortalJSON", "PortalPresets", "PortalCacheReadBack", "PortalDemoModels", "FuzzEntryPoints"]),
        // The same for fuzz-openapi; compiled into PortalOpenAPITests too.
        .target(name: "OpenAPIFuzzEntryPoint", dependencies: ["PortalCore", "PortalJSON", "PortalOpenAPI"]),

        .executableTarget(name: "fuzz-rickandmorty-page", dependencies: ["FuzzEntryPoints"]),
        .executableTarget(name: "fuzz-pokeapi-page", dependencies: ["FuzzEntryPoints"]),
        .executableTarget(name: "fuzz-postgrest-page", dependencies: ["FuzzEntryPoints"]),
        .executableTarget(name: "fuzz-any-api", dependencies: ["FuzzEntryPoints"]),
        .executableTarget(name: "fuzz-api-url", dependencies: ["FuzzEntryPoints"]),
        .executableTarget(name: "fuzz-base-url", dependencies: ["FuzzEntryPoints"]),
        .executableTarget(name: "fuzz-headers", dependencies: ["FuzzEntryPoints"]),
        .executableTarget(name: "fuzz-json-models", dependencies: ["FuzzEntryPoints"]),
        .executableTarget(name: "fuzz-json-tree", dependencies: ["FuzzEntryPoints"]),
        .executableTarget(name: "fuzz-keys", dependencies: ["PortalTerminal", "PortalUI", "PortalEffects", "CNcurses"]),
        .executableTarget(name: "fuzz-grid", dependencies: ["FuzzEntryPoints", "PortalUI", "PortalCore", "PortalPaging"]),
        .executableTarget(name: "fuzz-image", dependencies: ["PortalImage"]),
        .executableTarget(name: "fuzz-cache-answer", dependencies: ["CacheFuzzEntryPoint", "FuzzEntryPoints"]),
        .executableTarget(name: "fuzz-sanitize", dependencies: ["FuzzEntryPoints"]),
        .executableTarget(name: "fuzz-graphql", dependencies: ["FuzzEntryPoints"]),
        .executableTarget(name: "fuzz-event-stream", dependencies: ["FuzzEntryPoints"]),
        .executableTarget(name: "fuzz-graphql-ws", dependencies: ["FuzzEntryPoints"]),
        .executableTarget(name: "fuzz-graphql-schema", dependencies: ["FuzzEntryPoints"]),
        .executableTarget(name: "fuzz-openapi", dependencies: ["OpenAPIFuzzEntryPoint"]),

        // Writes the seed corpora from the snapshot through the project's server rules.
        .executableTarget(name: "fuzz-seeds", dependencies: ["FuzzEntryPoints", "PortalCore", "PortalJSON", "PortalPresets", "PortalServers", "PortalDemoModels", "CNcurses"]),
    ],
    swiftLanguageModes: [.v6]
)
