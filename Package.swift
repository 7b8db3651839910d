// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Lightbox",
    products: [
        .executable(name: "lightbox", targets: ["Lightbox"]),
        // Saves profiles in a loop; the profile store's crash test kills it.
        .executable(name: "lightbox-profile-writer", targets: ["ProfileWriter"]),
        // Writes ratings into a photo in a loop; the rating writer's crash test kills it.
        .executable(name: "lightbox-rating-writer", targets: ["RatingWriterTool"]),
        // Thumbnails files with the app's own loader, for `make bench`.
        .executable(name: "lightbox-bench-thumbnails", targets: ["BenchThumbnails"]),
        // Search and keyword writes at scale with the app's logic, for `make bench`.
        .executable(name: "lightbox-bench-tags", targets: ["BenchTags"]),
        // Decodes images for the app in a sandboxed helper process; installed
        // next to `lightbox`, which looks for it there.
        .executable(name: "lightbox-decoder", targets: ["LightboxDecoder"]),
        // The project's own parsers under libFuzzer (`make fuzz`), or, built
        // normally, a replayer of fuzz inputs.
        .executable(name: "lightbox-fuzz", targets: ["Fuzz"]),
        // `make soak`: the core's services driven over a big folder while
        // another process changes it (see Tools/Soak/main.swift).
        .executable(name: "lightbox-soak", targets: ["Soak"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // The GTK 4 headers and libraries, found through pkg-config.
        .systemLibrary(
            name: "CGtk",
            path: "Sources/UI/CGtk",
            pkgConfig: "gtk4",
            providers: [.apt(["libgtk-4-dev"])]
        ),
        // Everything Swift cannot or should not see of C: macros, casts,
        // varargs, closures marshalled through GClosure, GObject subclasses.
        .target(
            name: "CGtkShim",
            dependencies: ["CGtk"],
            path: "Sources/UI/CGtkShim",
            // The libdispatch run-loop hooks (see lb-main-loop.c).
            linkerSettings: [.linkedLibrary("dispatch")]
        ),
        // A path's bytes carried in a String, also when they are not UTF-8
        // (see PathBytes.swift); used wherever a path meets the system.
        .target(
            name: "FilePaths",
            path: "Sources/Core/FilePaths"
        ),
        // gettext and the C library's locale (see lb-intl.h).
        .target(
            name: "CLocalization",
            path: "Sources/Core/CLocalization"
        ),
        // tr/trn over the "lightbox" gettext domain, and numbers and dates
        // in the person's locale. Every module with text for people uses it.
        .target(
            name: "Localization",
            dependencies: ["CLocalization"],
            path: "Sources/Core/Localization"
        ),
        // Swift classes over GTK widgets: ownership, signals, actions, CSS,
        // accessibility. The only Swift code that talks to the shim.
        .target(
            name: "GtkKit",
            dependencies: ["CGtkShim", "FilePaths", "Localization"],
            path: "Sources/UI/GtkKit"
        ),
        // gdk-pixbuf and gexiv2: decoding, scaling, PNG writing, metadata.
        .systemLibrary(
            name: "CGdkPixbuf",
            path: "Sources/Imaging/CGdkPixbuf",
            pkgConfig: "gdk-pixbuf-2.0",
            providers: [.apt(["libgdk-pixbuf-2.0-dev"])]
        ),
        .systemLibrary(
            name: "CGExiv2",
            path: "Sources/Imaging/CGExiv2",
            pkgConfig: "gexiv2",
            providers: [.apt(["libgexiv2-dev"])]
        ),
        // Pixels: decoding, scaling, PNG writing, file helpers (gdk-pixbuf).
        .target(
            name: "CImaging",
            dependencies: ["CGdkPixbuf"],
            path: "Sources/Imaging/CImaging"
        ),
        // Metadata with gexiv2. Only lightbox-decoder and the in-process
        // paths of benchmarks and tests link it: the app never parses a photo.
        .target(
            name: "CMetadata",
            dependencies: ["CImaging", "CGExiv2"],
            path: "Sources/Imaging/CMetadata",
            // rating.c rounds with lround; the Swift products get libm from
            // the Swift runtime, lightbox-decoder (all C) does not.
            linkerSettings: [.linkedLibrary("m")]
        ),
        // Decoding in helper processes, the app's side: the socket
        // protocol and starting them (in bubblewrap).
        .target(
            name: "CDecoding",
            dependencies: ["CImaging"],
            path: "Sources/Imaging/CDecoding"
        ),
        // LibRaw, for camera RAW files without a usable embedded preview.
        .systemLibrary(
            name: "CLibRaw",
            path: "Sources/Decoder/CLibRaw",
            pkgConfig: "libraw",
            providers: [.apt(["libraw-dev"])]
        ),
        // Camera RAW files in the decoder: embedded previews (gexiv2), else
        // the sensor data (LibRaw). Only lightbox-decoder links it.
        .target(
            name: "CRaw",
            dependencies: ["CImaging", "CGExiv2", "CLibRaw"],
            path: "Sources/Decoder/CRaw",
            linkerSettings: [.linkedLibrary("m")]
        ),
        // libjxl and its thread pool, for JPEG XL files in the decoder.
        .systemLibrary(
            name: "CLibJxl",
            path: "Sources/Decoder/CLibJxl",
            pkgConfig: "libjxl",
            providers: [.apt(["libjxl-dev"])]
        ),
        // JPEG XL files in the decoder (no gdk-pixbuf loader on Debian 12).
        // Only lightbox-decoder links it.
        .target(
            name: "CJxl",
            dependencies: ["CImaging", "CLibJxl"],
            path: "Sources/Decoder/CJxl",
            // libjxl.pc does not name its thread pool's library; brob boxes
            // (compressed EXIF and XMP) are decompressed with libbrotlidec,
            // which libjxl links too (Debian: libbrotli-dev).
            linkerSettings: [.linkedLibrary("jxl_threads"), .linkedLibrary("brotlidec")]
        ),
        // The helper's side: its loop, limits and seccomp filter.
        .target(
            name: "CDecoderServer",
            dependencies: ["CDecoding", "CImaging", "CMetadata", "CRaw", "CJxl"],
            path: "Sources/Decoder/CDecoderServer"
        ),
        // lightbox-decoder's main(); all of it is in CDecoderServer.
        .executableTarget(
            name: "LightboxDecoder",
            dependencies: ["CDecoderServer"],
            path: "Sources/Decoder/LightboxDecoder"
        ),
        // Swift over CImaging and CDecoding: images and metadata as Swift
        // values, decoded in the DecoderPool's helper processes.
        .target(
            name: "Imaging",
            dependencies: ["CImaging", "CDecoding", "FilePaths", "Localization"],
            path: "Sources/Imaging/SwiftAPI"
        ),
        // Decoding and metadata writing in the calling process, for the
        // benchmarks' comparison and the tests' fixtures; not the app's.
        .target(
            name: "InProcessImaging",
            dependencies: ["Imaging", "CImaging", "CMetadata", "FilePaths", "Localization"],
            path: "Sources/Imaging/InProcessImaging"
        ),
        // GIO without GTK (GSettings), for LightboxCore.
        .systemLibrary(
            name: "CGio",
            path: "Sources/Core/CGio",
            pkgConfig: "gio-2.0",
            providers: [.apt(["libglib2.0-dev"])]
        ),
        .target(
            name: "CSettings",
            dependencies: ["CGio"],
            path: "Sources/Core/CSettings"
        ),
        // Models, stores and logic controllers. No GTK here.
        .target(
            name: "LightboxCore",
            dependencies: ["Imaging", "FilePaths", "Localization", "CSettings", .product(name: "GRDB", package: "GRDB.swift")],
            path: "Sources/Core/LightboxCore"
        ),
        // The application: views, controllers and the flow.
        .executableTarget(
            name: "Lightbox",
            dependencies: ["GtkKit", "LightboxCore", "FilePaths", "Localization"],
            path: "Sources/App/Lightbox"
        ),
        // Test helper: saves profiles in a loop until killed (see main.swift).
        .executableTarget(
            name: "ProfileWriter",
            dependencies: ["LightboxCore"],
            path: "Tools/ProfileWriter"
        ),
        // Test helper: writes ratings into a photo until killed (see main.swift).
        .executableTarget(
            name: "RatingWriterTool",
            dependencies: ["LightboxCore"],
            path: "Tools/RatingWriterTool"
        ),
        // Soak helper: PhotoListLogic and the app's services over a folder
        // another process changes, for ten minutes (`make soak`).
        .executableTarget(
            name: "Soak",
            dependencies: ["LightboxCore", "Imaging", "FilePaths"],
            path: "Tools/Soak"
        ),
        // Benchmark helper: thumbnails a list of files with the app's loader.
        .executableTarget(
            name: "BenchThumbnails",
            dependencies: ["LightboxCore", "Imaging", "InProcessImaging"],
            path: "Tools/Bench/Thumbnails"
        ),
        // Benchmark helper: search and filters over 100,000 indexed photos,
        // and a keyword written into a folder of photos (`make bench`).
        .executableTarget(
            name: "BenchTags",
            dependencies: ["LightboxCore"],
            path: "Tools/Bench/Tags"
        ),
        // Tools/Fuzz: the Swift half of `make fuzz` (the C targets in
        // Tools/Fuzz/C are built by the Makefile with clang, and every
        // target's kept inputs are in Tools/Fuzz/corpus). The fuzz targets,
        // apart from the libFuzzer entry, so the unit tests can replay their
        // corpus.
        .target(
            name: "FuzzTargets",
            dependencies: ["LightboxCore", "FilePaths", .product(name: "GRDB", package: "GRDB.swift")],
            path: "Tools/Fuzz/Swift/Targets"
        ),
        // The declaration of libFuzzer's driver, which Entry.swift calls.
        .target(
            name: "CFuzzer",
            path: "Tools/Fuzz/Swift/CFuzzer"
        ),
        // lightbox-fuzz's main: libFuzzer's entry, or a replayer.
        .executableTarget(
            name: "Fuzz",
            dependencies: ["FuzzTargets", "CFuzzer"],
            path: "Tools/Fuzz/Swift/Entry"
        ),
        .testTarget(
            name: "LightboxCoreTests",
            dependencies: ["LightboxCore", "Imaging", "InProcessImaging", "FilePaths", "FuzzTargets", "Localization",
                           .product(name: "GRDB", package: "GRDB.swift")],
            path: "Tests/LightboxCoreTests"
        ),
        // What the GTK test targets share: the main thread, a display, waiting.
        .target(
            name: "GtkTestSupport",
            dependencies: ["GtkKit"],
            path: "Tests/GtkTestSupport"
        ),
        .testTarget(
            name: "GtkKitTests",
            dependencies: ["GtkKit", "GtkTestSupport", "FilePaths"],
            path: "Tests/GtkKitTests"
        ),
        .testTarget(
            name: "LightboxTests",
            dependencies: ["Lightbox", "GtkKit", "LightboxCore", "GtkTestSupport", "Localization"],
            path: "Tests/LightboxTests"
        ),
    ]
)
