import Foundation
@testable import LightboxCore
import XCTest

/// Copying and moving photos into a folder: clashes, failures, cancel, sidecars.
final class PhotoTransferTests: XCTestCase {
    private let scratch = Scratch()
    private var source: String { scratch.path("from").path }
    private var destination: String { scratch.path("to").path }

    override func setUpWithError() throws {
        for name in ["a", "b", "c"] { scratch.file("from/\(name).jpg", "photo \(name)") }
        try FileManager.default.createDirectory(atPath: destination, withIntermediateDirectories: true)
    }

    private func paths(_ names: String...) -> [String] { names.map { "\(source)/\($0).jpg" } }
    private func contents(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }
    private func names(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    /// Answers every clash the same, counting the questions.
    private final class Answers: Sendable {
        let decision: ClashDecision?
        let asked = Locked(0)
        init(_ decision: ClashDecision?) { self.decision = decision }
        func resolve(_ clash: NameClash) async -> ClashDecision? {
            asked.withLock { $0 += 1 }
            return decision
        }
    }

    func testACopyIsWholeWithTheSourcesModeAndTimeAndLeavesNoTemporary() async throws {
        chmod(paths("a")[0], 0o640)
        let old = Date(timeIntervalSince1970: 1_500_000_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: paths("a")[0])
        let report = await PhotoTransfer().run(paths("a", "b"), to: destination, mode: .copy, resolve: { _ in nil })
        XCTAssertEqual(report.done.map(\.to), ["\(destination)/a.jpg", "\(destination)/b.jpg"])
        XCTAssertEqual(names(in: destination), ["a.jpg", "b.jpg"], "no temporary left")
        XCTAssertEqual(contents("\(destination)/a.jpg"), "photo a")
        XCTAssertEqual(contents(paths("a")[0]), "photo a", "a copy leaves the original")
        let copied = try FileManager.default.attributesOfItem(atPath: "\(destination)/a.jpg")
        XCTAssertEqual((copied[.posixPermissions] as? NSNumber)?.intValue, 0o640)
        XCTAssertEqual(copied[.modificationDate] as? Date, old)
    }

    func testEachAnswerToAClashAndNothingOverwrittenWithoutReplace() async throws {
        scratch.file("to/a.jpg", "theirs a")
        scratch.file("to/b.jpg", "theirs b")
        scratch.file("to/c.jpg", "theirs c")
        let skip = Answers(ClashDecision(.skip))
        var report = await PhotoTransfer().run(paths("a"), to: destination, mode: .copy, resolve: skip.resolve)
        XCTAssertEqual(report.skipped, paths("a"))
        XCTAssertEqual(contents("\(destination)/a.jpg"), "theirs a")

        let keepBoth = Answers(ClashDecision(.keepBoth))
        report = await PhotoTransfer().run(paths("a", "a"), to: destination, mode: .copy, resolve: keepBoth.resolve)
        XCTAssertEqual(report.done.map(\.to), ["\(destination)/a (2).jpg", "\(destination)/a (3).jpg"])
        XCTAssertEqual(contents("\(destination)/a.jpg"), "theirs a")
        XCTAssertEqual(contents("\(destination)/a (2).jpg"), "photo a")

        let replaceAll = Answers(ClashDecision(.replace, forAll: true))
        report = await PhotoTransfer().run(paths("b", "c"), to: destination, mode: .move, resolve: replaceAll.resolve)
        XCTAssertEqual(replaceAll.asked.withLock { $0 }, 1, "“apply to all” asks once")
        XCTAssertEqual(contents("\(destination)/b.jpg"), "photo b")
        XCTAssertEqual(contents("\(destination)/c.jpg"), "photo c")
        XCTAssertFalse(FileManager.default.fileExists(atPath: paths("b")[0]))

        let stop = Answers(nil)
        scratch.file("from/d.jpg", "photo d")
        report = await PhotoTransfer().run(paths("a", "d"), to: destination, mode: .move, resolve: stop.resolve)
        XCTAssertTrue(report.cancelled)
        XCTAssertEqual(report.done, [])
        XCTAssertTrue(FileManager.default.fileExists(atPath: paths("d")[0]), "what came after the stop is untouched")
    }

    func testFailuresAreNamedAndTheRestStillGo() async throws {
        try FileManager.default.createDirectory(atPath: "\(destination)/b.jpg", withIntermediateDirectories: true)
        try FileManager.default.removeItem(atPath: paths("a")[0])
        let replace = Answers(ClashDecision(.replace))
        let report = await PhotoTransfer().run(paths("a", "b", "c"), to: destination, mode: .move,
                                               resolve: replace.resolve)
        XCTAssertEqual(report.failures, [
            FileFailure(path: paths("a")[0], reason: "No such file or directory"),
            FileFailure(path: paths("b")[0], reason: "A folder has that name there"),
        ])
        XCTAssertEqual(report.done.map(\.from), paths("c"))
        XCTAssertEqual(contents(paths("b")[0]), "photo b")
    }

    func testACopyIntoAFolderThatRefusesWritingSaysPermissionDenied() async throws {
        try requireUnprivileged("root may write into any folder")
        chmod(destination, 0o555)
        defer { chmod(destination, 0o755) }
        let denied = await PhotoTransfer().run(paths("b"), to: destination, mode: .copy,
                                               resolve: Answers(ClashDecision(.replace)).resolve)
        XCTAssertEqual(denied.failures.map(\.reason), ["Permission denied"])
        XCTAssertEqual(contents(paths("b")[0]), "photo b", "the photo stays where it was")
    }

    func testAMoveAcrossFileSystemsCopiesFirstAndCancellingLeavesEveryPhotoWholeInOnePlace() async throws {
        let shm = "/dev/shm/lightbox-tests-\(UUID().uuidString)"
        // /dev/shm is another file system on every Linux with glibc.
        XCTAssertEqual(mkdir(shm, 0o755), 0, "no /dev/shm here: \(String(cString: strerror(errno)))")
        defer { try? FileManager.default.removeItem(atPath: shm) }
        let big = Data(repeating: 7, count: 8 << 20)
        _ = FileManager.default.createFile(atPath: paths("b")[0], contents: big)
        let photos = paths("a", "b", "c")
        let transfer = Task {
            await PhotoTransfer().run(photos, to: shm, mode: .move, resolve: { _ in nil },
                                      progress: { done, _ in if done == 1 { withUnsafeCurrentTask { $0?.cancel() } } })
        }
        let report = await transfer.value
        XCTAssertTrue(report.cancelled)
        XCTAssertEqual(report.done.map(\.from), paths("a"))
        XCTAssertEqual(contents("\(shm)/a.jpg"), "photo a")
        XCTAssertFalse(FileManager.default.fileExists(atPath: paths("a")[0]), "moved: gone from where it was")
        XCTAssertEqual(FileManager.default.contents(atPath: paths("b")[0]), big, "not moved: whole where it was")
        XCTAssertEqual(names(in: shm), ["a.jpg"], "no temporary left")
    }

    func testSidecarsGoWithTheirPhotos() async throws {
        scratch.file("from/a.jpg.xmp", "a's own")
        scratch.file("from/b.xmp", "b's, maybe a raw file's too")
        let keepBoth = Answers(ClashDecision(.keepBoth))
        scratch.file("to/a.jpg", "theirs")
        let report = await PhotoTransfer().run(paths("a", "b"), to: destination, mode: .move, resolve: keepBoth.resolve)
        XCTAssertEqual(report.failures, [])
        XCTAssertEqual(contents("\(destination)/a (2).jpg.xmp"), "a's own", "renamed along with the photo")
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(source)/a.jpg.xmp"))
        XCTAssertEqual(contents("\(destination)/b.xmp"), "b's, maybe a raw file's too")
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(source)/b.xmp"), "a shared sidecar is copied")
    }

    @MainActor
    func testAMovedPhotoKeepsItsRatingThroughTheList() async throws {
        let folder = Scratch()
        try PhotoFixtures.jpeg(at: folder.path("photos/a.jpg"))
        try PhotoFixtures.jpeg(at: folder.path("photos/b.jpg"))
        let root = folder.path("photos").standardizedFileURL.path
        let elsewhere = folder.path("elsewhere").standardizedFileURL.path
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        let library = PhotoLibrary(index: try LibraryIndex())
        let logic = PhotoListLogic(library: library, trash: FolderTrash(folder: folder.path("trash")))
        library.ratings.storage = .lightboxOnly
        await logic.sendAndSettle(.openFolderAt(root))
        logic.send(.edit(.rate(path: root + "/a.jpg", stars: 4)))
        await library.ratings.settled()
        logic.send(.select([root + "/a.jpg"]))
        logic.send(.moveTo)
        XCTAssertEqual(logic.state.question?.value, .destination(.move, startingIn: root))
        await logic.sendAndSettle(.answer(.destination(.move, elsewhere)))
        XCTAssertTrue(FileManager.default.fileExists(atPath: elsewhere + "/a.jpg"))
        XCTAssertEqual(logic.state.notice?.value, Notice("1 photo moved to “elsewhere”"))
        XCTAssertEqual(logic.state.titles, ["b"], "it left the list")
        await library.ratings.settled()
        XCTAssertEqual(try library.index.rating(of: elsewhere + "/a.jpg"), 4, "its rating went with it")
    }
}
