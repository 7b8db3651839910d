// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Lightbox",
    products: [
        .executable(name: "lightbox", targets: ["Lightbox"]),
    ],
    targets: [
        // The GTK 4 headers and libraries, found through pkg-config.
        .systemLibrary(
            name: "CGtk",
            path: "Sources/CGtk",
            pkgConfig: "gtk4",
            providers: [.apt(["libgtk-4-dev"])]
        ),
        // Everything Swift cannot or should not see of C: macros, casts,
        // varargs, closures marshalled through GClosure, GObject subclasses.
        .target(
            name: "CGtkShim",
            dependencies: ["CGtk"],
            path: "Sources/CGtkShim",
            // The libdispatch run-loop hooks (see lb-main-loop.c).
            linkerSettings: [.linkedLibrary("dispatch")]
        ),
        // Swift classes over GTK widgets: ownership, signals, actions, CSS,
        // accessibility. The only Swift code that talks to the shim.
        .target(
            name: "GtkKit",
            dependencies: ["CGtkShim"],
            path: "Sources/GtkKit"
        ),
        // Models, stores and logic controllers. No GTK here.
        .target(
            name: "LightboxCore",
            path: "Sources/LightboxCore"
        ),
        // The application: views, controllers and the flow.
        .executableTarget(
            name: "Lightbox",
            dependencies: ["GtkKit", "LightboxCore"],
            path: "Sources/Lightbox"
        ),
        .testTarget(
            name: "LightboxCoreTests",
            dependencies: ["LightboxCore"],
            path: "Tests/LightboxCoreTests"
        ),
        .testTarget(
            name: "GtkKitTests",
            dependencies: ["GtkKit"],
            path: "Tests/GtkKitTests"
        ),
        .testTarget(
            name: "LightboxTests",
            dependencies: ["Lightbox", "GtkKit", "LightboxCore"],
            path: "Tests/LightboxTests"
        ),
    ]
)
