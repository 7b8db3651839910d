import Foundation
import LightboxCore
import XCTest

final class BrowserLogicTests: XCTestCase {
    func testStartsEmpty() {
        MainActor.assumeIsolated {
            XCTAssertEqual(BrowserLogic().state, .empty)
        }
    }

    func testOpeningAFolderPresentsIt() {
        let scratch = Scratch()
        scratch.file("Holidays/beach.jpg")
        MainActor.assumeIsolated {
            let logic = BrowserLogic()
            guard case .presenting(let folder) = logic.open(path: scratch.path("Holidays").path) else {
                return XCTFail("expected presenting, got \(logic.state)")
            }
            XCTAssertEqual(folder.name, "Holidays")
            XCTAssertEqual(logic.folder, folder)
        }
    }

    func testAMissingFolderFailsWithItsPath() {
        MainActor.assumeIsolated {
            let logic = BrowserLogic()
            XCTAssertEqual(logic.open(path: "/nonexistent/lightbox"), .failed(.missing(path: "/nonexistent/lightbox")))
            XCTAssertEqual(FolderProblem.missing(path: "/nonexistent/lightbox").message,
                           "The folder “/nonexistent/lightbox” does not exist.")
            XCTAssertNil(logic.folder)
        }
    }

    func testAFileIsNotAFolder() {
        let scratch = Scratch()
        let file = scratch.file("photo.jpg")
        MainActor.assumeIsolated {
            XCTAssertEqual(BrowserLogic().open(path: file.path), .failed(.notAFolder(path: file.path)))
        }
    }

    func testRelativePartsAreResolved() {
        let scratch = Scratch()
        scratch.file("A/B/x.jpg")
        MainActor.assumeIsolated {
            let state = BrowserLogic().open(path: scratch.path("A/B/../B/.").path)
            XCTAssertEqual(state, .presenting(Folder(url: scratch.path("A/B").standardizedFileURL)))
        }
    }
}
