import Foundation
@testable import LightboxCore
import XCTest

/// The preferences window's logic: a choice applies at once and is saved
/// for the next start; a choice that cannot be saved still applies, and
/// says why.
final class PreferencesLogicTests: XCTestCase {
    @MainActor
    func testAChoiceAppliesAtOnceAndIsKept() async throws {
        let scratch = Scratch()
        let store = PreferencesStore(directories: XDGDirectories(environment: scratch.directories))
        let ratings = RatingQueue(index: try LibraryIndex())
        let logic = PreferencesLogic(store: store, ratings: ratings, current: store.load())
        XCTAssertEqual(logic.state, .presenting(Preferences(ratingStorage: .photoFiles)))
        var heard: [PreferencesLogic.State] = []
        logic.onChange = { heard.append($0) }

        let state = await logic.chooseRatingStorage(.sidecarsOnly)
        XCTAssertEqual(state, .presenting(Preferences(ratingStorage: .sidecarsOnly)))
        XCTAssertEqual(heard, [state])
        XCTAssertEqual(ratings.storage, .sidecarsOnly, "the next rating goes to a sidecar")
        XCTAssertEqual(store.load().ratingStorage, .sidecarsOnly, "and so after a restart")
    }

    @MainActor
    func testAChoiceThatCannotBeSavedStillAppliesAndSaysWhy() async throws {
        let scratch = Scratch()
        // The config folder is a file: nothing can be saved in it.
        scratch.file("config")
        let store = PreferencesStore(directories: XDGDirectories(environment: scratch.directories))
        let ratings = RatingQueue(index: try LibraryIndex())
        let logic = PreferencesLogic(store: store, ratings: ratings, current: store.load())
        let state = await logic.chooseRatingStorage(.lightboxOnly)
        guard case .failed(let problem, let preferences) = state else { return XCTFail("\(state)") }
        XCTAssertTrue(problem.hasPrefix("The preferences could not be saved"), problem)
        XCTAssertEqual(preferences.ratingStorage, .lightboxOnly)
        XCTAssertEqual(ratings.storage, .lightboxOnly)
    }
}
