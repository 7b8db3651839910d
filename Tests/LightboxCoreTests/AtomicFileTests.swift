import Foundation
@testable import LightboxCore
import XCTest

final class AtomicFileTests: XCTestCase {
    func testReplacesTheContentAndLeavesNoTemporaryFiles() throws {
        let scratch = Scratch()
        let target = scratch.path("nested/folder/data.json")
        try AtomicFile.write(Data("old".utf8), to: target)
        try AtomicFile.write(Data("new".utf8), to: target)
        XCTAssertEqual(try String(contentsOf: target, encoding: .utf8), "new")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: target.deletingLastPathComponent().path),
                       ["data.json"])
    }

    func testAFailedWriteKeepsTheOldFileAndSaysWhy() throws {
        let scratch = Scratch()
        let target = scratch.path("data.json")
        try AtomicFile.write(Data("old".utf8), to: target)
        // A folder where the file should be: the rename fails.
        let blocked = scratch.path("blocked")
        try FileManager.default.createDirectory(at: blocked.appendingPathComponent("inside"), withIntermediateDirectories: true)
        XCTAssertThrowsError(try AtomicFile.write(Data("new".utf8), to: blocked)) { error in
            let message = (error as? AtomicFile.WriteError)?.message ?? ""
            XCTAssertTrue(message.hasPrefix("Could not save “blocked”:"), message)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).sorted(),
                       ["blocked", "data.json"])
        XCTAssertEqual(try String(contentsOf: target, encoding: .utf8), "old")
    }

    func testDiskFullIsNamedAsSuch() {
        XCTAssertEqual(AtomicFile.WriteError.cannotWrite(path: "/x/profile.json", errno: ENOSPC).message,
                       "Could not save “profile.json”: the disk is full.")
        XCTAssertEqual(AtomicFile.WriteError.cannotCreate(path: "/x/p.json", errno: EROFS).message,
                       "Could not save “p.json”: the disk is read-only.")
    }
}
