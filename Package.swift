// swift-tools-version: 6.1
import PackageDescription

/// portal: a terminal browser for paginated web APIs.
///
/// The targets follow the one direction of data described in docs/architecture.md:
/// PortalCore (transport, pagination) → PortalUI (view models, views, Screen) →
/// PortalTerminal (the only ncurses code) → the thin `portal` executable.
let package = Package(
    name: "portal",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "portal", targets: ["portal"]),
        .executable(name: "portal-mirror", targets: ["portal-mirror"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    ],
    targets: [
        .target(name: "PortalCore"),
        .target(name: "PortalUI", dependencies: ["PortalCore"]),
        .systemLibrary(name: "CNcurses", path: "Sources/CNcurses"),
        .target(name: "CPortalShim", path: "Sources/CPortalShim"),
        .target(name: "PortalTerminal", dependencies: ["PortalUI", "PortalCore", "CNcurses", "CPortalShim"]),
        .executableTarget(
            name: "portal",
            dependencies: [
                "PortalCore", "PortalUI", "PortalTerminal",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(
            name: "PortalMirror",
            dependencies: [
                "PortalCore",
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        .executableTarget(
            name: "portal-mirror",
            dependencies: [
                "PortalMirror",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "PortalCoreTests", dependencies: ["PortalCore"]),
        .testTarget(name: "PortalUITests", dependencies: ["PortalUI", "PortalCore"], resources: [.copy("Golden")]),
        .testTarget(name: "PortalMirrorTests", dependencies: ["PortalMirror", "PortalCore"]),
        .testTarget(name: "PortalEndToEndTests", dependencies: ["PortalCore"]),
    ],
    swiftLanguageModes: [.v6]
)
