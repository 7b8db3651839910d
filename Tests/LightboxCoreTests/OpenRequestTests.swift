import Foundation
@testable import LightboxCore
import XCTest

final class OpenRequestTests: XCTestCase {
    func testFoldersPhotosAndProblemsAreSortedOut() throws {
        let scratch = Scratch()
        let root = scratch.path("").standardizedFileURL.path
        for name in ["trip/a.jpg", "trip/b.JPG", "home/c.png", "trip/notes.txt"] {
            try PhotoFixtures.jpeg(at: scratch.path(name))
        }
        let request = OpenRequest(paths: [
            "\(root)/trip/a.jpg", "\(root)/home", "\(root)/home/c.png", "\(root)/trip/./b.JPG",
            "\(root)/trip/a.jpg", "\(root)/trip/notes.txt", "\(root)/nowhere", "\(root)/home/", "\(root)/gone.jpg",
        ])
        XCTAssertEqual(request.folders, ["\(root)/home"], "a folder given twice opens once")
        XCTAssertEqual(request.photos, [
            .init(folder: "\(root)/trip", photos: ["\(root)/trip/a.jpg", "\(root)/trip/b.JPG"]),
            .init(folder: "\(root)/home", photos: ["\(root)/home/c.png"]),
        ], "photos go by their folder, each once, in the order given")
        XCTAssertEqual(request.problems, [
            "“\(root)/trip/notes.txt” is not a photo Lightbox can show.",
            "The folder “\(root)/nowhere” does not exist.",
            "The photo “\(root)/gone.jpg” does not exist.",
        ])
    }
}
