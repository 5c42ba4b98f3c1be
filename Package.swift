// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "fsfind",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "fsfind", targets: ["fsfind"]),
        .library(name: "FSFind", targets: ["FSFind"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
    ],
    targets: [
        .systemLibrary(
            name: "CMagic",
            pkgConfig: "libmagic",
            providers: [.apt(["libmagic-dev"])]
        ),
        // FFmpeg's headers only, no pkgConfig: linking it would load FFmpeg at every start; the
        // extractor loads it with dlopen (Extract/AVFormatLibrary.swift). Makefile's DEPS installs it.
        .systemLibrary(name: "CAVFormat"),
        // libexif's headers only, for its struct layouts; poppler-glib and gdk-pixbuf need no
        // headers at all. All three are loaded with dlopen (Extract/SharedLibrary.swift), so
        // `fsfind query` does not map them and their ~60 dependencies at every start.
        .systemLibrary(name: "CExif"),
        // CRC-32C with the CPU's instruction (SSE4.2, ARMv8 CRC); portable C, no library.
        .target(name: "CCRC32C"),
        .target(
            name: "FSFind",
            dependencies: [
                "CCRC32C",
                "CMagic",
                "CAVFormat",
                "CExif",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        .executableTarget(
            name: "fsfind",
            dependencies: [
                "FSFind",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "FSFindTests",
            dependencies: ["FSFind"]
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["FSFind"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
