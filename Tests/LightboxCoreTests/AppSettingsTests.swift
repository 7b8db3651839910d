import Foundation
@testable import LightboxCore
import XCTest

/// Preferences and remembered state in GSettings, with the schema the build
/// compiles: kept for the next run, seen by `gsettings`, and moved over
/// once from the files Lightbox used before.
final class AppSettingsTests: XCTestCase {
    private var schemas: String {
        get throws {
            try XCTUnwrap(AppSettings.buildSchemaDirectory(), "no compiled schema in .build/schemas: run `make schemas`")
        }
    }

    func testTheSchemaDefaultsAreTheStandardValues() throws {
        let settings = AppSettings(schemaDirectory: try schemas, backend: .memory)
        XCTAssertTrue(settings.hasSchema)
        XCTAssertFalse(settings.isKept, "memory keeps nothing for the next run")
        XCTAssertEqual(settings.preferences, .standard)
        XCTAssertEqual(settings.windowState, .standard)
        XCTAssertEqual(settings.order, .standard)
        XCTAssertEqual(settings.filter, PhotoFilter())
        XCTAssertEqual(settings.gridZoom, .standard)
    }

    func testValuesAreKeptForTheNextRunAndGsettingsSeesThem() throws {
        let scratch = Scratch()
        let keyfile = scratch.path("config/glib-2.0/settings/keyfile").path
        let first = AppSettings(schemaDirectory: try schemas, backend: .keyfile(keyfile))
        XCTAssertTrue(first.save(Preferences(ratingStorage: .sidecarsOnly, advancesAfterRating: true)))
        XCTAssertTrue(first.windowState.showsSidebar, "the side panel shows at first")
        XCTAssertTrue(first.save(WindowState(width: 1234, height: 567, isMaximized: true, showsSidebar: false)))
        XCTAssertTrue(first.save(PhotoOrder(.rating, ascending: false)))
        XCTAssertTrue(first.save(PhotoFilter(text: "not kept", minimumRating: 3, rejected: .hidden,
                                             labels: [.red, .blue], keyword: Keyword("not kept"), kind: .rawAndJPEG)))
        XCTAssertTrue(first.save(GridZoom.extraLarge))
        XCTAssertTrue(first.save(includingSubfolders: false))
        XCTAssertTrue(first.save(recentFolders: (1...12).map { "/p/\($0)" }))
        XCTAssertTrue(first.save(recentKeywords: [Keyword("Places|Brittany|Finistère")!, Keyword("sunset")!]))
        first.sync()

        let next = AppSettings(schemaDirectory: try schemas, backend: .keyfile(keyfile))
        XCTAssertEqual(next.preferences, Preferences(ratingStorage: .sidecarsOnly, advancesAfterRating: true))
        XCTAssertEqual(next.windowState, WindowState(width: 1234, height: 567, isMaximized: true, showsSidebar: false))
        XCTAssertEqual(try gsettings(["get", AppSettings.schemaID, "sidebar-shown"], config: scratch.path("config")),
                       "false")
        XCTAssertEqual(next.order, PhotoOrder(.rating, ascending: false))
        XCTAssertEqual(next.filter, PhotoFilter(minimumRating: 3, rejected: .hidden, labels: [.red, .blue], kind: .rawAndJPEG),
                       "a search and a keyword are not kept")
        XCTAssertEqual(try gsettings(["get", AppSettings.schemaID, "label-filter"], config: scratch.path("config")),
                       "['Red', 'Blue']")
        XCTAssertEqual(next.gridZoom, .extraLarge)
        XCTAssertEqual(next.recentKeywords.map(\.path), ["Places|Brittany|Finistère", "sunset"])
        XCTAssertFalse(next.includesSubfolders)
        XCTAssertEqual(next.recentFolders, (1...10).map { "/p/\($0)" }, "the ten latest")
        XCTAssertEqual(try gsettings(["get", AppSettings.schemaID, "thumbnail-size"], config: scratch.path("config")),
                       "'extra-large'")

        XCTAssertEqual(try gsettings(["get", AppSettings.schemaID, "rating-storage"], config: scratch.path("config")),
                       "'sidecars-only'")
        XCTAssertEqual(try gsettings(["get", AppSettings.schemaID, "sort-key"], config: scratch.path("config")),
                       "'rating'")
        _ = try gsettings(["set", AppSettings.schemaID, "rejected-photos", "only"], config: scratch.path("config"))
        let afterGsettings = AppSettings(schemaDirectory: try schemas, backend: .keyfile(keyfile))
        XCTAssertEqual(afterGsettings.filter.rejected, .only, "a change made with gsettings is read")
    }

    func testZoomLevelsStepAndStopAtEitherEnd() {
        XCTAssertEqual(GridZoom.allCases.map(\.points), [112, 144, 180, 240])
        XCTAssertEqual(GridZoom.standard.larger, .extraLarge)
        XCTAssertEqual(GridZoom.extraLarge.larger, .extraLarge)
        XCTAssertEqual(GridZoom.medium.smaller, .small)
        XCTAssertEqual(GridZoom.small.smaller, .small)
        // The smallest takes the shared cache's normal (128 px) thumbnails.
        XCTAssertEqual(ThumbnailSize.forCells(GridZoom.small.points, scale: 1).size, .normal)
        XCTAssertEqual(ThumbnailSize.forCells(GridZoom.large.points, scale: 1).size, .large)
    }

    func testANonsenseWindowSizeIsNotKept() throws {
        let settings = AppSettings(schemaDirectory: try schemas, backend: .memory)
        settings.save(WindowState(width: 5, height: 99_999, isMaximized: false))
        XCTAssertEqual(settings.windowState, WindowState(width: 1000, height: 700, isMaximized: false))
    }

    func testTheOldFilesAreMovedOverOnceAndRemoved() throws {
        let scratch = Scratch()
        let directories = XDGDirectories(environment: scratch.directories)
        let preferencesFile = scratch.file("config/lightbox/preferences.json",
                                           #"{"ratingStorage":"lightboxOnly","advancesAfterRating":true}"#)
        let windowFile = scratch.file("state/lightbox/window-state.json",
                                      #"{"width":800,"height":600,"isMaximized":true}"#)
        let unkept = AppSettings(schemaDirectory: try schemas, backend: .memory)
        unkept.migrateFiles(in: directories)
        XCTAssertTrue(FileManager.default.fileExists(atPath: preferencesFile.path),
                      "settings that are not kept leave the files where they are")
        let settings = AppSettings(schemaDirectory: try schemas,
                                   backend: .keyfile(scratch.path("config/glib-2.0/settings/keyfile").path))
        settings.migrateFiles(in: directories)
        XCTAssertEqual(settings.preferences, Preferences(ratingStorage: .lightboxOnly, advancesAfterRating: true))
        XCTAssertEqual(settings.windowState, WindowState(width: 800, height: 600, isMaximized: true, showsSidebar: true),
                       "the old file had no side panel: it shows, as for anyone new")
        XCTAssertFalse(FileManager.default.fileExists(atPath: preferencesFile.path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: windowFile.path))

        // A file that comes back (an older Lightbox ran) does not undo
        // what was set since.
        settings.save(Preferences(ratingStorage: .photoFiles))
        scratch.file("config/lightbox/preferences.json", #"{"ratingStorage":"sidecarsOnly"}"#)
        settings.migrateFiles(in: directories)
        XCTAssertEqual(settings.preferences.ratingStorage, .photoFiles)
    }

    func testWithoutTheSchemaTheStandardValuesAreUsedAndNothingIsKept() throws {
        let settings = AppSettings(schemaID: "org.lightboxphotos.NotInstalled", schemaDirectory: try schemas,
                                   backend: .memory)
        XCTAssertFalse(settings.hasSchema)
        XCTAssertFalse(settings.isKept)
        XCTAssertEqual(settings.preferences, .standard)
        XCTAssertFalse(settings.save(Preferences(ratingStorage: .lightboxOnly)))
        XCTAssertEqual(settings.preferences, .standard)
    }

    @MainActor
    func testANewWindowStartsWithTheOrderAndRatingFiltersChosenLast() async throws {
        let settings = AppSettings(schemaDirectory: try schemas, backend: .memory)
        let library = PhotoLibrary(index: try LibraryIndex())
        let scratch = Scratch()
        let trash = FolderTrash(folder: scratch.url)
        let first = PhotoListLogic(library: library, trash: trash, settings: settings)
        await first.sendAndSettle(.sort(PhotoOrder(.size, ascending: false)))
        await first.sendAndSettle(.search("beach"))
        await first.sendAndSettle(.minimumRating(2))
        await first.sendAndSettle(.rejected(.only))
        XCTAssertEqual(first.state.filter, PhotoFilter(text: "beach", minimumRating: 2, rejected: .only))
        first.send(.gridZoom(.small))

        let next = PhotoListLogic(library: library, trash: trash, settings: settings)
        XCTAssertEqual(next.state.order, PhotoOrder(.size, ascending: false))
        XCTAssertEqual(next.state.filter, PhotoFilter(minimumRating: 2, rejected: .only), "without the search")
        XCTAssertEqual(next.state.zoom, .small)
    }

    private func gsettings(_ arguments: [String], config: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/gsettings")
        process.arguments = ["--schemadir", try schemas] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["GSETTINGS_BACKEND"] = "keyfile"
        environment["XDG_CONFIG_HOME"] = config.path
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "gsettings \(arguments)")
        return String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
