// swift-tools-version:6.0
// Lectern: a wall-panel article reader drawn straight to KMS/DRM. docs/architecture.md has the layers.
import PackageDescription

/// A C library reached through pkg-config and a module map in Sources/<name>.
func systemLibrary(_ name: String, pkgConfig: String, apt: String) -> Target {
    .systemLibrary(name: name, pkgConfig: pkgConfig, providers: [.apt([apt])])
}

/// Pixel loops are hot: drop bounds and exclusivity checks there only (see docs/architecture.md). Raster alone gets
/// them: it works on geometry and pixels the app made. Text lays out untrusted article text and keeps its checks.
/// Debug builds still optimize Raster (with its checks on): the tests draw thousands of frames, which the
/// unoptimized kernels took minutes over.
let hotLoopFlags: [SwiftSetting] = [
    .unsafeFlags(["-Ounchecked", "-enforce-exclusivity=unchecked"], .when(configuration: .release)),
    .unsafeFlags(["-O"], .when(configuration: .debug)),
]

let package = Package(
    name: "Lectern",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "lectern", targets: ["lectern"]),
        .executable(name: "lectern-bench", targets: ["lectern-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    ],
    targets: [
        systemLibrary("CDRM", pkgConfig: "libdrm", apt: "libdrm-dev"),
        systemLibrary("CLibinput", pkgConfig: "libinput", apt: "libinput-dev"),
        systemLibrary("CFreeType", pkgConfig: "freetype2", apt: "libfreetype-dev"),
        systemLibrary("CHarfBuzz", pkgConfig: "harfbuzz", apt: "libharfbuzz-dev"),
        systemLibrary("CXML2", pkgConfig: "libxml-2.0", apt: "libxml2-dev"),
        systemLibrary("CCurl", pkgConfig: "libcurl", apt: "libcurl4-openssl-dev"),
        systemLibrary("CSQLite", pkgConfig: "sqlite3", apt: "libsqlite3-dev"),
        systemLibrary("CPNG", pkgConfig: "libpng", apt: "libpng-dev"),
        systemLibrary("CWebP", pkgConfig: "libwebpmux", apt: "libwebp-dev"),
        systemLibrary("CJPEG", pkgConfig: "libjpeg", apt: "libjpeg62-turbo-dev"),
        // giflib ships no pkg-config file on Debian; its module map links it by name.
        .systemLibrary(name: "CGIF", providers: [.apt(["libgif-dev"])]),
        systemLibrary("CPixman", pkgConfig: "pixman-1", apt: "libpixman-1-dev"),
        systemLibrary("CQRencode", pkgConfig: "libqrencode", apt: "libqrencode-dev"),
        // `lectern admin`'s HTTP parsing: nothing hand-written faces the network.
        systemLibrary("CMicroHTTPD", pkgConfig: "libmicrohttpd", apt: "libmicrohttpd-dev"),
        // sd-bus, the kiosk's D-Bus client for iwd (Wi-Fi): libsystemd0 is in both images already.
        systemLibrary("CSystemd", pkgConfig: "libsystemd", apt: "libsystemd-dev"),
        .systemLibrary(name: "CLinux"),
        // Declarations only, for the desktop window: libSDL2 is opened with dlopen, not linked (see its shim.h),
        // so no pkg-config here, whose flags would link it into the kiosk.
        .systemLibrary(name: "CSDL2", providers: [.apt(["libsdl2-dev"])]),
        // A header only: the compiler's cache prefetch hint, which Swift does not offer, for Raster's row loops.
        .systemLibrary(name: "CPrefetch"),

        // The system calls the layers above share: errno, file descriptors, atomic files, threads, child processes,
        // the monotonic clock. Glibc only; named like Apple's swift-system, which Linux toolchains do not ship.
        .target(name: "System"),
        .target(name: "Raster", dependencies: ["CPNG", "CWebP", "CPrefetch"], swiftSettings: hotLoopFlags),
        // Decodes untrusted bytes, so it keeps every check Raster's hot loops drop.
        .target(name: "Codecs", dependencies: ["Raster", "CJPEG", "CPNG", "CWebP", "CGIF"]),
        .target(name: "Motion"),
        .target(name: "Touch", dependencies: ["Motion"]),
        .target(name: "Text", dependencies: ["System", "Raster", "CFreeType", "CHarfBuzz"]),
        .target(name: "Widgets", dependencies: ["Raster", "Motion", "Touch", "Text", "CQRencode"]),
        .target(name: "Feeds", dependencies: ["System", "CXML2", "CCurl", "CSQLite", "CLinux"]),
        // Phones let in from the panel: the pairing window and the sessions, shared by the kiosk and `lectern admin`.
        .target(name: "Pairing", dependencies: ["System"]),
        // `lectern admin`: the HTTP API a paired phone manages the panel through. Not on Reader, so the fuzzer
        // builds it without the app.
        .target(name: "Admin", dependencies: ["Feeds", "Pairing", "Wireless", "System", "CMicroHTTPD"]),
        // Setting up Wi-Fi: the hotspot, the join code, what the kiosk shares with the page, and the set-up's
        // decisions over any radio. No D-Bus here: the page reads and writes the shared files only.
        .target(name: "Wireless", dependencies: ["Feeds", "System"]),
        .target(name: "Platform", dependencies: ["System", "Raster", "Touch", "CDRM", "CLibinput", "CLinux", "CSDL2"]),
        // iwd (the Wi-Fi daemon) over D-Bus, asynchronous on Platform's event loop: the kiosk's Wi-Fi set-up.
        .target(name: "Iwd", dependencies: ["System", "Platform", "CSystemd"]),
        // The sample feeds and pictures bundled in the binary, generated by scripts/embed-samples.py.
        .target(name: "ReaderSamples", dependencies: ["Feeds"]),
        .target(name: "Reader", dependencies: ["ReaderSamples", "Codecs", "Raster", "Motion", "Touch", "Text", "Widgets", "Feeds", "Pairing", "Wireless", "Iwd", "Platform", "System", "CFreeType",
                                       .product(name: "Logging", package: "swift-log")]),
        // The pieces of a command line both executables share: a panel size option, how a run ends on an error.
        .target(name: "CommandLineSupport", dependencies: [
            "System", "Platform", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        .executableTarget(
            name: "lectern",
            dependencies: [
                "Reader", "Platform", "Feeds", "Admin", "Pairing", "Wireless", "CommandLineSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The benchmarks, out of the kiosk's binary: the same figures `make bench` and the scripts compare.
        .executableTarget(
            name: "lectern-bench",
            dependencies: [
                "Reader", "ReaderSamples", "Codecs", "Raster", "Text", "Touch", "Widgets", "Platform", "Feeds", "System", "CommandLineSupport", "CFreeType",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        .testTarget(name: "SystemTests", dependencies: ["System"]),
        .testTarget(name: "PairingTests", dependencies: ["Pairing", "System"]),
        .testTarget(name: "WirelessTests", dependencies: ["Wireless", "Feeds", "System"]),
        .testTarget(name: "AdminTests", dependencies: ["Admin", "Feeds", "Pairing", "Wireless", "System", "LoopbackServer"]),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "CPixman"]),
        .testTarget(name: "CodecsTests", dependencies: ["Codecs", "Platform", "Raster", "CJPEG", "CGIF", "CWebP"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "MotionTests", dependencies: ["Motion"]),
        .testTarget(name: "TouchTests", dependencies: ["Touch", "Motion"]),
        .testTarget(name: "TextTests", dependencies: ["GoldenImages", "Text", "Raster", "System"], resources: [.copy("Goldens")]),
        .testTarget(name: "WidgetsTests", dependencies: ["GoldenImages", "Widgets", "Raster", "Text", "Touch", "Motion", "Platform"],
                    resources: [.copy("Goldens")]),
        // A loopback HTTP server the fetcher's and the reader's tests serve feeds from.
        .target(name: "LoopbackServer", dependencies: ["System"], path: "Tests/Support/LoopbackServer"),
        // Comparing pictures with the goldens each test target keeps.
        .target(name: "GoldenImages", dependencies: ["Raster", "System"], path: "Tests/Support/GoldenImages"),
        .testTarget(name: "FeedsTests", dependencies: ["Feeds", "LoopbackServer", "System"], resources: [.copy("Fixtures")]),
        .testTarget(name: "PlatformTests", dependencies: ["Platform", "Raster"]),
        .testTarget(name: "IwdTests", dependencies: ["Iwd", "Platform", "System", "CSystemd"]),
        .testTarget(name: "ReaderTests", dependencies: ["GoldenImages", "Reader", "Raster", "Widgets", "Touch", "Text", "Platform", "Feeds", "Pairing", "ReaderSamples", "LoopbackServer"]),
    ]
)
