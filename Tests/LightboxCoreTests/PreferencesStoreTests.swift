import Foundation
@testable import LightboxCore
import XCTest

final class PreferencesStoreTests: XCTestCase {
    func testWhereRatingsGoIsRememberedAndDefaultsToThePhotoFiles() throws {
        let scratch = Scratch()
        let store = PreferencesStore(directories: XDGDirectories(environment: scratch.directories))
        XCTAssertEqual(store.load().ratingStorage, .photoFiles)
        try store.save(Preferences(ratingStorage: .sidecarsOnly))
        XCTAssertEqual(PreferencesStore(directories: XDGDirectories(environment: scratch.directories)).load(),
                       Preferences(ratingStorage: .sidecarsOnly))
        XCTAssertTrue(store.url.path.hasPrefix(scratch.path("config").path))
        try Data(#"{"ratingStorage":"somewhereNew"}"#.utf8).write(to: store.url)
        XCTAssertEqual(store.load(), .standard, "an unknown value falls back to the default")
        XCTAssertEqual(RatingStorage.allCases.map(\.title),
                       ["In the photo files", "In sidecar files only", "Only in Lightbox"])
    }
}
