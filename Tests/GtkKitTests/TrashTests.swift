import FilePaths
import Foundation
import GtkKit
import XCTest

final class TrashTests: XCTestCase {
    func testTrashAndRestoreAFile() throws {
        // A file under the home folder goes to the home trash. A trash that
        // fails fails the test: scripts/test.sh gives the suite a home with
        // a trash, and a machine without one cannot check this feature.
        let folder = FileManager.default.homeDirectoryForCurrentUser
            .appendingPathComponent(".cache/lightbox-trash-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("holiday.jpg")
        try Data("pixels".utf8).write(to: file)

        try Trash.trash(path: file.path)
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path))
        try Trash.restore(path: file.path)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "pixels")
        XCTAssertThrowsError(try Trash.restore(path: file.path), "nothing left in the trash to restore")
    }

    func testAFileWhoseNameIsNotUTF8GoesToTheTrashAndComesBack() throws {
        let folder = FileManager.default.homeDirectoryForCurrentUser
            .appendingPathComponent(".cache/lightbox-trash-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Latin-1 "été.jpg".
        let file = folder.path + "/" + String(pathBytes: [0xE9, 0x74, 0xE9] + Array(".jpg".utf8))
        let fd = file.withPathCString { open($0, O_CREAT | O_WRONLY, 0o644) }
        XCTAssertGreaterThanOrEqual(fd, 0)
        close(fd)

        try Trash.trash(path: file)
        var info = stat()
        XCTAssertNotEqual(Posix.stat(file, &info), 0, "gone to the trash")
        try Trash.restore(path: file)
        XCTAssertEqual(Posix.stat(file, &info), 0, "back under its own bytes")
    }
}
