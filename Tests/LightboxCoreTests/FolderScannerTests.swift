import FilePaths
import Foundation
@testable import LightboxCore
import XCTest

final class FolderScannerTests: XCTestCase {
    private func scan(_ root: URL) -> [ScannedFile] {
        var files: [ScannedFile] = []
        FolderScanner(batchSize: 2).scan(root) { files += $0 }
        return files.sorted { $0.path < $1.path }
    }

    func testFindsImagesRecursivelyAndSkipsOthers() {
        let scratch = Scratch()
        scratch.file("a.jpg", "1")
        scratch.file("B.JPEG", "22")
        scratch.file("nested/deeper/c.png", "333")
        scratch.file("notes.txt")
        scratch.file(".hidden/d.jpg")
        scratch.file(".e.jpg")
        let files = scan(scratch.url)
        XCTAssertEqual(files.map { String($0.path.dropFirst(scratch.url.path.count + 1)) },
                       ["B.JPEG", "a.jpg", "nested/deeper/c.png"])
        XCTAssertEqual(files.map(\.size), [2, 1, 3])
    }

    func testSymlinkLoopsEndAndBrokenLinksAreReported() throws {
        let scratch = Scratch()
        scratch.file("real/x.jpg")
        try FileManager.default.createSymbolicLink(atPath: scratch.path("real/loop").path, withDestinationPath: scratch.url.path)
        try FileManager.default.createSymbolicLink(atPath: scratch.path("gone.jpg").path, withDestinationPath: "/nonexistent/target.jpg")
        let files = scan(scratch.url)
        XCTAssertEqual(files.count, 2)
        XCTAssertEqual(files.filter(\.isBrokenLink).map { ($0.path as NSString).lastPathComponent }, ["gone.jpg"])
    }

    func testNamesThatAreNotUTF8AreListedByTheirBytes() throws {
        let scratch = Scratch()
        var path = Array(scratch.url.path.utf8)
        path += Array("/caf".utf8) + [0xE9] + Array(".jpg".utf8)  // Latin-1 "café.jpg"
        let created = creat(path.map { CChar(bitPattern: $0) } + [0], 0o644)
        XCTAssertGreaterThanOrEqual(created, 0)
        close(created)
        let files = scan(scratch.url)
        XCTAssertEqual(files.count, 1)
        XCTAssertEqual(files[0].path.pathBytes, path)
        XCTAssertTrue(files[0].path.displayablePath.hasSuffix("caf\u{FFFD}.jpg"), files[0].path)
    }

    func testCancellationStopsTheWalk() {
        let scratch = Scratch()
        for index in 0..<20 { scratch.file("f\(index)/p.jpg") }
        var batches = 0
        FolderScanner(batchSize: 1).scan(scratch.url, isCancelled: { batches >= 3 }) { _ in batches += 1 }
        XCTAssertLessThan(batches, 20)
    }
}
