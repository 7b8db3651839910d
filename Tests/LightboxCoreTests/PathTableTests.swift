@testable import LightboxCore
import XCTest

final class PathTableTests: XCTestCase {
    /// Kept folder by folder, it answers as a dictionary by path does:
    /// one name in two folders is two entries, a folder with the name of
    /// a file is another, and removals empty what they empty.
    func testItAnswersAsADictionaryByPath() {
        var random = Seeded(state: 9)
        var table = PathTable<Int>()
        var expected: [String: Int] = [:]
        let paths = ["/a/IMG_1.jpg", "/b/IMG_1.jpg", "/a/IMG_1.jpg/x.jpg", "/a/b/IMG_1.jpg", "IMG_1.jpg", "/Été/ü.jpg",
                     "/a/", "/a"] + (0..<500).map { "/lib/\($0 % 7)/\($0).jpg" }
        for step in 0..<5_000 {
            let path = paths.randomElement(using: &random)!
            if Bool.random(using: &random) {
                table[path] = step
                expected[path] = step
            } else {
                table[path] = nil
                expected[path] = nil
            }
            XCTAssertEqual(table[path], expected[path])
        }
        XCTAssertEqual(table.count, expected.count)
        XCTAssertEqual(Set(table.paths), Set(expected.keys))
        XCTAssertEqual(table.values.sorted(), expected.values.sorted())
        for path in paths { XCTAssertEqual(table[path], expected[path], path) }
        for path in expected.keys { table[path] = nil }
        XCTAssertTrue(table.isEmpty)
    }
}
