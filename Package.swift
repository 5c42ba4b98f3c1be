// swift-tools-version:6.1
import PackageDescription

/// Release builds optimise across the stage targets as if they were one module ("package CMO").
///
/// The query plans (`FSFindSearch`) call the text matchers (`FSFindQuery`) and the index readers
/// (`FSFindIndexFormat`) per row; without this, splitting the library into targets made a free-text
/// query on 200,000 items 40% slower (56 ms against 40 ms). Package CMO requires library evolution,
/// which only changes how the modules of this package see each other's layouts (they bypass it,
/// being built together). It also makes the compiler warn, once per import, that Foundation and
/// the dependencies are not built for library evolution; those warnings say nothing about this
/// code, so release builds silence warnings, and the debug build (which `make test` and CI
/// compile) still shows every warning.
let crossModule: [SwiftSetting] = [
    .unsafeFlags(
        [
            "-enable-library-evolution", "-no-verify-emitted-module-interface", "-suppress-warnings",
            "-Xfrontend", "-package-cmo", "-Xfrontend", "-allow-non-resilient-access",
        ],
        .when(configuration: .release)),
    // An `import` says what a file uses: a member (an extension's method, a conformance) of a
    // module the file does not import is an error, not a silent reach through another import.
    // Checked in debug builds (what `make test` and CI compile): a release build compiles each
    // module whole, and there glibc's `timespec` resolves to CoreFoundation's copy in every file.
    .enableUpcomingFeature("MemberImportVisibility", .when(configuration: .debug)),
]

let package = Package(
    name: "fsfind",
    products: [
        .executable(name: "fsfind", targets: ["fsfind"]),
        .executable(name: "fsfind-reader", targets: ["fsfind-reader"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        // libmagic's header only (Debian's libmagic-dev, Makefile's DEPS): the library is loaded
        // with dlopen by the identifier (ContentType/MagicLibrary.swift), not at every start.
        .systemLibrary(name: "CMagic"),
        // FFmpeg's headers only, no pkgConfig: linking it would load FFmpeg at every start; the
        // extractor loads it with dlopen (Extract/AVFormatLibrary.swift). Makefile's DEPS installs it.
        .systemLibrary(name: "CAVFormat"),
        // libexif's headers only, for its struct layouts; poppler-glib and gdk-pixbuf need no
        // headers at all. All three are loaded with dlopen (Extract/SharedLibrary.swift), so
        // `fsfind query` does not map them and their ~60 dependencies at every start.
        .systemLibrary(name: "CExif"),
        // The types of the functions loaded with dlsym from libarchive and the glib family
        // (poppler-glib, GMime, gdk-pixbuf, chafa): headers only, checked by CLibraryTypeChecks.
        .systemLibrary(name: "CLibraryTypes"),
        // statx, dirent and the GNU open flags from glibc's own headers (Swift's Glibc lacks them).
        .target(name: "CPlatform"),
        // CRC-32C with the CPU's instruction (SSE4.2, ARMv8 CRC); portable C, no library.
        .target(name: "CCRC32C"),
        // glibc's regcomp/regexec/regfree as libmagic calls them, with a text that cannot match
        // answered before glibc's matcher runs (interpose.c); linked wherever libmagic is loaded,
        // and exported by the executables (scripts/exported-symbols.map).
        .target(name: "CRegexPrefilter"),
        // The stages, lowest first; each target sees only the ones below it, so a backward edge
        // is a compile error. Model and Query are pure Swift: no C library, no system calls.
        .target(
            name: "FSFindModel",
            dependencies: [.product(name: "SystemPackage", package: "swift-system")], swiftSettings: crossModule),
        .target(name: "FSFindQuery", dependencies: ["FSFindModel"], swiftSettings: crossModule),
        // System calls the reading and the indexing stages share: byte paths, positional reads.
        .target(
            name: "FSFindPlatform",
            dependencies: ["FSFindModel", "CPlatform", .product(name: "SystemPackage", package: "swift-system")],
            swiftSettings: crossModule),
        // The index file: its format, its one reader and its writer.
        .target(
            name: "FSFindIndexFormat",
            dependencies: [
                "FSFindModel", "FSFindPlatform", "CCRC32C", "CPlatform",
                .product(name: "SystemPackage", package: "swift-system"),
            ], swiftSettings: crossModule),
        // Walking the roots: each entry's status and extended attributes, and a file opened for
        // reading as it was crawled (what extraction and previews read through).
        .target(
            name: "FSFindCrawl",
            dependencies: [
                "FSFindModel", "FSFindPlatform", "CPlatform", .product(name: "SystemPackage", package: "swift-system"),
            ], swiftSettings: crossModule),
        // Queries against an index file: plans over the mapped sections.
        .target(
            name: "FSFindSearch",
            dependencies: ["FSFindModel", "FSFindPlatform", "FSFindQuery", "FSFindIndexFormat", "FSFindText"],
            swiftSettings: crossModule),
        // JSON objects and attribute values in words: what the command line and Elastic both write.
        .target(
            name: "FSFindOutput", dependencies: ["FSFindModel"], swiftSettings: crossModule),
        // `fsfind search`: the session, the scan, the screen.
        .target(
            name: "FSFindInteractive",
            dependencies: [
                "FSFindModel", "FSFindPlatform", "FSFindQuery", "FSFindIndexFormat", "FSFindSearch", "FSFindText",
                "CPlatform", .product(name: "SystemPackage", package: "swift-system"),
            ], swiftSettings: crossModule),
        // Identify → extract: content types (libmagic), the extractors and the sandboxed workers
        // they run in; the only stage that loads the extractors' C libraries.
        .target(
            name: "FSFindExtraction",
            dependencies: [
                "FSFindModel", "FSFindPlatform", "FSFindText", "FSFindCrawl",
                "CMagic", "CPlatform", "CAVFormat", "CExif", "CLibraryTypes", "CRegexPrefilter",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "SystemPackage", package: "swift-system"),
            ], swiftSettings: crossModule),
        // `fsfind search`'s previews, the screen's side: the screen's request and preview as the
        // preview worker's order and reply, behind the screen's `FilePreviewer`; the worker and its
        // client (its process and frames) are Extraction's, sandboxed like the extraction workers.
        .target(
            name: "FSFindPreview",
            dependencies: [
                "FSFindModel", "FSFindExtraction", "FSFindInteractive",
                .product(name: "SystemPackage", package: "swift-system"),
            ], swiftSettings: crossModule),
        // Crawl → identify → extract → index file, as one refresh (its lock, its summary, the text
        // store fed beside it); and `fsfind watch`, which keeps the index up to date.
        .target(
            name: "FSFindIndexer",
            dependencies: [
                "FSFindModel", "FSFindPlatform", "FSFindIndexFormat", "FSFindText", "FSFindCrawl", "FSFindExtraction",
                "CPlatform",
                .product(name: "SystemPackage", package: "swift-system"),
            ], swiftSettings: crossModule),
        // SQLite with FTS5 (Debian's libsqlite3-dev), for the words inside files: its header only;
        // the functions fsfind calls load libsqlite3 on first use (CSQLiteLoader), so a command
        // that reads no words does not map it.
        .systemLibrary(name: "CSQLite"),
        .target(name: "CSQLiteLoader", dependencies: ["CSQLite"]),
        // Snowball's stemmers (Debian's libstemmer-dev, loaded with dlopen) as an FTS5 tokenizer, in C.
        .target(name: "CSnowball", dependencies: ["CSQLite", "CSQLiteLoader"]),
        // Words cut by FTS5's tokenizers in the extraction workers and replayed to the store's
        // writer, so its thread does not cut them again.
        .target(name: "CWordStream", dependencies: ["CSQLite", "CSnowball", "CSQLiteLoader"]),
        // The words inside files: the full-text store beside the index file.
        // zlib's header only (Debian's zlib1g-dev): the types of what Deflate.swift loads with dlopen.
        .systemLibrary(name: "CDeflate"),
        // Zstandard's header only (Debian's libzstd-dev): the types of what Zstd.swift loads with dlopen.
        .systemLibrary(name: "CZstd"),
        .target(
            name: "FSFindText",
            dependencies: [
                "FSFindModel", "FSFindPlatform", "CPlatform", "CSQLite", "CSQLiteLoader", "CSnowball", "CWordStream",
                "CDeflate", "CZstd",
            ],
            swiftSettings: crossModule),
        // Elasticsearch's side of Samba's Spotlight: its query_string subset read into fsfind's own
        // queries, and items as FSCrawler-shaped documents (`fsfind serve`, `fsfind export`).
        .target(
            name: "FSFindElastic",
            dependencies: [
                "FSFindModel", "FSFindQuery", "FSFindIndexFormat", "FSFindSearch", "FSFindText", "FSFindOutput",
            ],
            swiftSettings: crossModule),
        // `fsfind serve`: the HTTP endpoint (SwiftNIO), the only target that links it.
        .target(
            name: "FSFindServe",
            dependencies: [
                "FSFindModel", "FSFindElastic", "FSFindIndexFormat", "FSFindText", "CPlatform",
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ], swiftSettings: crossModule),
        // `fsfind desktop-search`: GNOME Shell's search provider and KRunner's runner on the session
        // bus, through GIO's GDBus, which it loads with dlopen (no other command maps GIO).
        .target(
            name: "FSFindDesktop",
            dependencies: [
                "FSFindModel", "FSFindPlatform", "FSFindQuery", "FSFindIndexFormat", "FSFindSearch", "FSFindText",
                "CLibraryTypes",
            ], swiftSettings: crossModule),
        // The man page's registry-built sections; used by the documentation tests, not shipped.
        .target(name: "FSFindManual", dependencies: ["FSFindModel"], swiftSettings: crossModule),
        // The command line: every subcommand, the exit statuses, the terminal. Both executables
        // below are this and nothing else.
        .target(
            name: "FSFindCommandLine",
            dependencies: [
                "FSFindModel", "FSFindPlatform", "FSFindQuery", "FSFindIndexFormat", "FSFindSearch", "FSFindOutput",
                "FSFindInteractive", "FSFindCrawl", "FSFindExtraction", "FSFindPreview", "FSFindIndexer", "FSFindText",
                "FSFindElastic", "FSFindServe", "FSFindDesktop",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: crossModule
        ),
        // `fsfind` itself. A release build links it at a fixed address (not position-independent):
        // the loader then has no relocations to apply, which were half of a small query's time
        // (96,000 pointers on about 300 pages, each page copied on write at every start). Commands
        // that read files' contents (index, watch, search, serve and the workers) run in
        // `fsfind-reader` instead, so what parses hostile files keeps address-space randomisation
        // (docs/decisions.md, "Two executables").
        .executableTarget(
            name: "fsfind",
            dependencies: ["FSFindCommandLine"],
            linkerSettings: [.unsafeFlags(["-Xclang-linker", "-no-pie"], .when(configuration: .release))]
        ),
        // The same program, position-independent; installed in libexec/fsfind, found by `fsfind`.
        .executableTarget(name: "fsfind-reader", dependencies: ["FSFindCommandLine"]),
        // The glib family's and libxml2's headers, whose include paths only pkg-config knows, for the checks
        // below: test-only, so only the test bundle links these libraries.
        .systemLibrary(
            name: "CPopplerHeaders", path: "Tests/CLibraryTypeChecks/Headers/Poppler", pkgConfig: "poppler-glib",
            providers: [.apt(["libpoppler-glib-dev"])]),
        .systemLibrary(
            name: "CGMimeHeaders", path: "Tests/CLibraryTypeChecks/Headers/GMime", pkgConfig: "gmime-3.0",
            providers: [.apt(["libgmime-3.0-dev"])]),
        .systemLibrary(
            name: "CPixbufHeaders", path: "Tests/CLibraryTypeChecks/Headers/Pixbuf", pkgConfig: "gdk-pixbuf-2.0",
            providers: [.apt(["libgdk-pixbuf-2.0-dev"])]),
        .systemLibrary(
            name: "CXML2Headers", path: "Tests/CLibraryTypeChecks/Headers/XML2", pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(
            name: "CChafaHeaders", path: "Tests/CLibraryTypeChecks/Headers/Chafa", pkgConfig: "chafa",
            providers: [.apt(["libchafa-dev"])]),
        .systemLibrary(
            name: "CGIOHeaders", path: "Tests/CLibraryTypeChecks/Headers/GIO", pkgConfig: "gio-2.0",
            providers: [.apt(["libglib2.0-dev"])]),
        // Static assertions: each type CLibraryTypes declares by hand is the real header's.
        .target(
            name: "CLibraryTypeChecks",
            dependencies: [
                "CPopplerHeaders", "CGMimeHeaders", "CPixbufHeaders", "CChafaHeaders", "CXML2Headers", "CGIOHeaders",
            ],
            path: "Tests/CLibraryTypeChecks", exclude: ["Headers"]),
        // The seeded generator both test targets draw from.
        .target(name: "FSFindTestSupport", path: "Tests/FSFindTestSupport"),
        // The index fixtures (`Fixtures`, `expectCorrupt`) the stages' tests build indexes from.
        .target(
            name: "IndexFixtures",
            dependencies: ["FSFindIndexFormat", "FSFindManual", "FSFindModel"],
            path: "Tests/IndexFixtures"
        ),
        // Trees made on disk for the crawl's tests and those that crawl on the way.
        .target(
            name: "CrawlFixtures",
            dependencies: ["FSFindCrawl", "FSFindModel", "FSFindPlatform", "FSFindTestSupport"],
            path: "Tests/CrawlFixtures"
        ),
        // The sample media and documents, hostile files made in memory, and an isolated extraction pipeline.
        .target(
            name: "ExtractionFixtures",
            dependencies: [
                "FSFindCrawl", "FSFindExtraction", "FSFindIndexFormat", "FSFindManual", "FSFindModel", "IndexFixtures",
            ],
            path: "Tests/ExtractionFixtures"
        ),
        // Random well-formed queries for the query's and the plan's property tests.
        .target(
            name: "QueryFixtures",
            dependencies: ["FSFindModel", "FSFindQuery", "FSFindTestSupport"],
            path: "Tests/QueryFixtures"
        ),
        // One test target per stage (issue 42): a stage's tests build that stage and what it stands on.
        .testTarget(
            name: "ModelTests",
            dependencies: ["FSFindModel", "FSFindPlatform", "FSFindTestSupport"]
        ),
        .testTarget(
            name: "QueryTests",
            dependencies: [
                "QueryFixtures", "FSFindIndexFormat", "FSFindManual", "FSFindModel", "FSFindQuery", "FSFindTestSupport",
            ]
        ),
        .testTarget(
            name: "IndexFormatTests",
            dependencies: ["FSFindIndexFormat", "FSFindManual", "FSFindModel", "FSFindTestSupport", "IndexFixtures"]
        ),
        .testTarget(
            name: "CrawlTests",
            dependencies: [
                "CrawlFixtures", "FSFindCrawl", "FSFindExtraction", "FSFindIndexFormat", "FSFindManual", "FSFindModel",
                "FSFindPlatform", "FSFindTestSupport",
            ]
        ),
        .testTarget(
            name: "ExtractionTests",
            dependencies: [
                "CLibraryTypeChecks", "CRegexPrefilter", "CrawlFixtures", "ExtractionFixtures", "FSFindCrawl",
                "FSFindExtraction", "FSFindIndexFormat", "FSFindInteractive", "FSFindManual", "FSFindModel",
                "FSFindPlatform", "FSFindTestSupport", "IndexFixtures",
            ]
        ),
        .testTarget(
            name: "TextTests",
            dependencies: ["FSFindExtraction", "FSFindIndexFormat", "FSFindModel", "FSFindTestSupport", "FSFindText"]
        ),
        .testTarget(
            name: "SearchTests",
            dependencies: [
                "QueryFixtures",
                "FSFindDesktop", "FSFindElastic", "FSFindExtraction", "FSFindIndexFormat", "FSFindIndexer",
                "FSFindInteractive", "FSFindModel", "FSFindPlatform", "FSFindQuery", "FSFindSearch",
                "FSFindTestSupport", "FSFindText",
                "IndexFixtures",
            ]
        ),
        .testTarget(
            name: "IndexerTests",
            dependencies: [
                "CPlatform", "CrawlFixtures", "FSFindCrawl", "FSFindExtraction", "FSFindIndexFormat", "FSFindIndexer",
                "FSFindInteractive",
                "FSFindManual", "FSFindModel", "FSFindPlatform", "FSFindQuery", "FSFindSearch", "FSFindTestSupport",
                "FSFindText", "IndexFixtures",
            ]
        ),
        .testTarget(
            name: "InteractiveTests",
            dependencies: [
                "ExtractionFixtures", "FSFindExtraction", "FSFindIndexFormat", "FSFindIndexer", "FSFindInteractive",
                "FSFindManual", "FSFindModel", "FSFindPreview", "FSFindQuery", "FSFindSearch",
                "FSFindTestSupport", "FSFindText", "IndexFixtures",
            ]
        ),
        // Whole-repository checks (docs against code, the architecture table, no hand-written EINTR loop) and the command line.
        .testTarget(
            name: "RepositoryTests",
            dependencies: [
                "CPlatform", "FSFindCommandLine", "FSFindElastic", "FSFindIndexFormat", "FSFindIndexer",
                "FSFindInteractive", "FSFindModel", "FSFindQuery", "FSFindSearch", "FSFindServe", "FSFindTestSupport",
                "FSFindText",
            ]
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "FSFindModel", "FSFindPlatform", "FSFindIndexFormat", "FSFindManual", "FSFindTestSupport",
            ],
            // Samba's Python client, run by the Spotlight-over-SMB tests and the benchmark.
            exclude: ["Support/mdscli-search.py"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
