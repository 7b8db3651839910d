import Foundation
@testable import LightboxCore
import XCTest

/// The preferences window's logic: a choice applies at once and is kept
/// for the next start; a choice that cannot be kept still applies, and
/// says why.
final class PreferencesLogicTests: XCTestCase {
    private func settings(keyfile: String) throws -> AppSettings {
        let schemas = try XCTUnwrap(AppSettings.buildSchemaDirectory(), "run `make schemas`")
        return AppSettings(schemaDirectory: schemas, backend: .keyfile(keyfile))
    }

    @MainActor
    func testAChoiceAppliesAtOnceAndIsKept() async throws {
        let scratch = Scratch()
        let keyfile = scratch.path("config/glib-2.0/settings/keyfile").path
        let ratings = RatingQueue(index: try LibraryIndex())
        let logic = PreferencesLogic(settings: try settings(keyfile: keyfile), ratings: ratings)
        XCTAssertEqual(logic.state, .presenting(Preferences(ratingStorage: .photoFiles)))
        var heard: [PreferencesLogic.State] = []
        logic.onState = { heard.append($0) }

        logic.send(.ratingStorage(.sidecarsOnly))
        let state = logic.state
        XCTAssertEqual(state, .presenting(Preferences(ratingStorage: .sidecarsOnly)))
        XCTAssertEqual(heard, [state])
        XCTAssertEqual(ratings.storage, .sidecarsOnly, "the next rating goes to a sidecar")
        XCTAssertEqual(try settings(keyfile: keyfile).preferences.ratingStorage, .sidecarsOnly,
                       "and so after a restart")
    }

    @MainActor
    func testShowingRAWAndJPEGAsOnePhotoIsOnByDefaultAndKept() async throws {
        let scratch = Scratch()
        let keyfile = scratch.path("config/glib-2.0/settings/keyfile").path
        let logic = PreferencesLogic(settings: try settings(keyfile: keyfile), ratings: RatingQueue(index: try LibraryIndex()))
        guard case .presenting(let shown) = logic.state else { return XCTFail("\(logic.state)") }
        XCTAssertTrue(shown.pairsRawAndJPEG, "on by default")
        var outputs: [PreferencesLogic.Output] = []
        logic.onOutput = { outputs.append($0) }
        logic.send(.pairRawAndJPEG(false))
        XCTAssertEqual(logic.state, .presenting(Preferences(ratingStorage: .photoFiles, pairsRawAndJPEG: false)))
        XCTAssertEqual(outputs, [.pairRawAndJPEGChanged(false)], "the open windows follow")
        XCTAssertFalse(try settings(keyfile: keyfile).preferences.pairsRawAndJPEG, "and so after a restart")
        let list = PhotoListLogic(library: PhotoLibrary(index: try LibraryIndex()),
                                  trash: FolderTrash(folder: scratch.path("trash")), settings: try settings(keyfile: keyfile))
        try RawSamples.write("nef", at: scratch.path("card/DSC_0001.NEF"), previews: ["1024x683"])
        try PhotoFixtures.jpeg(at: scratch.path("card/DSC_0001.JPG"))
        await list.sendAndSettle(.openFolderAt(scratch.path("card").path))
        XCTAssertEqual(list.state.shown.count, 2, "a new window lists the two files apart")
    }

    @MainActor
    func testAChoiceThatCannotBeKeptStillAppliesAndSaysWhy() async throws {
        let scratch = Scratch()
        // The key file's folder is a file: the settings refuse every change.
        scratch.file("config")
        let ratings = RatingQueue(index: try LibraryIndex())
        let logic = PreferencesLogic(settings: try settings(keyfile: scratch.path("config/keyfile").path),
                                     ratings: ratings)
        logic.send(.ratingStorage(.lightboxOnly))
        let state = logic.state
        guard case .failed(let problem, let preferences) = state else { return XCTFail("\(state)") }
        XCTAssertTrue(problem.hasPrefix("This choice applies until Lightbox quits"), problem)
        XCTAssertEqual(preferences.ratingStorage, .lightboxOnly)
        XCTAssertEqual(ratings.storage, .lightboxOnly)
    }

    @MainActor
    func testWithoutTheSchemaAChoiceAppliesForThisRunOnly() async throws {
        let ratings = RatingQueue(index: try LibraryIndex())
        let settings = AppSettings(schemaID: "org.lightboxphotos.NotInstalled", schemaDirectory: nil, backend: .memory)
        let logic = PreferencesLogic(settings: settings, ratings: ratings)
        logic.send(.ratingStorage(.sidecarsOnly))
        let state = logic.state
        guard case .failed(let problem, _) = state else { return XCTFail("\(state)") }
        XCTAssertTrue(problem.contains("cannot be kept on this system"), problem)
        XCTAssertEqual(ratings.storage, .sidecarsOnly)
    }

    @MainActor
    func testSettingsInMemoryAreNotKeptAndSaySo() async throws {
        let ratings = RatingQueue(index: try LibraryIndex())
        let schemas = try XCTUnwrap(AppSettings.buildSchemaDirectory(), "run `make schemas`")
        let settings = AppSettings(schemaDirectory: schemas, backend: .memory)
        let logic = PreferencesLogic(settings: settings, ratings: ratings)
        logic.send(.ratingStorage(.lightboxOnly))
        let state = logic.state
        guard case .failed(let problem, let preferences) = state else { return XCTFail("\(state)") }
        XCTAssertTrue(problem.contains("cannot be kept on this system"), problem)
        XCTAssertEqual(preferences.ratingStorage, .lightboxOnly)
    }
}
