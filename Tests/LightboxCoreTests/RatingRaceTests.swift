import CImaging
import FilePaths
import Foundation
@testable import Imaging
@testable import LightboxCore
import XCTest

/// Another program renames, replaces or saves a photo at the worst
/// instant of a rating write: after Lightbox's last look at the name and
/// before its rename (`lb_replacement_set_test_hook` puts the other
/// program's step exactly there). The write must then change nothing:
/// no photo lost, no old name brought back as a stray copy, no other
/// program's save undone, no temporary left, and no retry that would
/// write into whatever the name holds now.
final class RatingRaceTests: XCTestCase {
    private let writer = FileRatingWriter()

    /// The other program's step, run once, for the write into `path` only
    /// (a write of another test still settling is left alone).
    private final class Race: @unchecked Sendable {
        let path: String
        let step: @Sendable () throws -> Void
        let ran = Locked(0)
        init(path: String, step: @escaping @Sendable () throws -> Void) {
            self.path = path
            self.step = step
        }
    }

    /// Runs `body` with `step` set to happen between the last check and
    /// the rename of the write into `path`; answers how often it ran.
    @discardableResult
    private func racing(_ path: String, _ step: @escaping @Sendable () throws -> Void,
                        _ body: () async throws -> Void) async rethrows -> Int {
        let race = Unmanaged.passRetained(Race(path: path, step: step))
        lb_replacement_set_test_hook({ path, context in
            guard let path, let context else { return }
            let race = Unmanaged<Race>.fromOpaque(context).takeUnretainedValue()
            guard String(pathCString: path) == race.path, race.ran.withLock({ count in
                defer { count += 1 }
                return count == 0
            }) else { return }
            do { try race.step() } catch { XCTFail("the other program's step failed: \(error)") }
        }, race.toOpaque())
        defer {
            lb_replacement_set_test_hook(nil, nil)
            race.release()
        }
        try await body()
        return race.takeUnretainedValue().ran.withLock { $0 }
    }

    private func names(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    private func writeFails(_ stars: Int, _ photo: URL, storage: RatingStorage = .photoFiles) -> RatingFileError? {
        do {
            _ = try writer.write(stars, for: photo.path, storage: storage)
            return nil
        } catch {
            return error
        }
    }

    func testAPhotoRenamedAwayIsNotBroughtBackUnderItsOldName() async throws {
        let scratch = Scratch()
        let folder = scratch.path("photos")
        let photo = try PhotoFixtures.jpeg(at: folder.appendingPathComponent("a.jpg"), tags: PhotoFixtures.cameraTags)
        let original = try Data(contentsOf: photo)
        let renamed = folder.appendingPathComponent("c.jpg")
        var failure: RatingFileError?
        let ran = try await racing(photo.path, { try FileManager.default.moveItem(at: photo, to: renamed) }) {
            failure = writeFails(4, photo)
        }
        XCTAssertEqual(ran, 1)
        XCTAssertEqual(failure?.isConflict, true, "refused: \(String(describing: failure))")
        XCTAssertEqual(failure?.isTransient, false, "never tried again under a name that is gone")
        XCTAssertEqual(try names(in: folder), ["c.jpg"], "no stray copy under the old name, no temporary")
        XCTAssertEqual(try Data(contentsOf: renamed), original, "the renamed photo as it was")
    }

    func testAPhotoSwappedWithAnotherLosesNeither() async throws {
        let scratch = Scratch()
        let folder = scratch.path("photos")
        let a = try PhotoFixtures.jpeg(at: folder.appendingPathComponent("a.jpg"), width: 64, height: 48)
        let b = try PhotoFixtures.jpeg(at: folder.appendingPathComponent("b.jpg"), width: 48, height: 64)
        let (first, second) = (try Data(contentsOf: a), try Data(contentsOf: b))
        var failure: RatingFileError?
        // A renaming tool swaps the two names (a → t, b → a, t → b).
        let ran = try await racing(a.path, {
            let t = folder.appendingPathComponent("t.jpg")
            try FileManager.default.moveItem(at: a, to: t)
            try FileManager.default.moveItem(at: b, to: a)
            try FileManager.default.moveItem(at: t, to: b)
        }) {
            failure = writeFails(4, a)
        }
        XCTAssertEqual(ran, 1)
        XCTAssertEqual(failure?.isConflict, true, "refused: \(String(describing: failure))")
        XCTAssertEqual(try names(in: folder), ["a.jpg", "b.jpg"], "no temporary, nothing else")
        XCTAssertEqual(try Data(contentsOf: a), second, "a.jpg is the other photo, untouched")
        XCTAssertEqual(try Data(contentsOf: b), first, "b.jpg is the photo rated, untouched")
    }

    func testAnotherProgramsSaveAtTheLastMomentStands() async throws {
        let scratch = Scratch()
        let folder = scratch.path("photos")
        let photo = try PhotoFixtures.jpeg(at: folder.appendingPathComponent("a.jpg"), tags: PhotoFixtures.cameraTags)
        var failure: RatingFileError?
        // exiftool saves into a new file and renames it over the photo.
        let ran = try await racing(photo.path, { try ExifTool.write(["-XMP-xmp:Rating=1"], to: photo) }) {
            failure = writeFails(4, photo)
        }
        XCTAssertEqual(ran, 1)
        XCTAssertEqual(failure?.isConflict, true, "refused: \(String(describing: failure))")
        XCTAssertEqual(try ExifTool.value("XMP:Rating", of: photo), "1", "the other program wrote last")
        XCTAssertEqual(try names(in: folder), ["a.jpg"])
        XCTAssertEqual(Imaging.metadata(path: photo.path)?.cameraModel, "Canon EOS R6")
    }

    func testAPhotoWrittenInPlaceAtTheLastMomentIsTriedAgainLater() async throws {
        let scratch = Scratch()
        let folder = scratch.path("photos")
        let photo = try PhotoFixtures.jpeg(at: folder.appendingPathComponent("a.jpg"))
        let original = try Data(contentsOf: photo)
        var failure: RatingFileError?
        // The same file, its bytes written again where they are (a new
        // modification time): the same photo, so a later try is safe.
        let ran = try await racing(photo.path, {
            let handle = try FileHandle(forWritingTo: photo)
            try handle.write(contentsOf: original.prefix(16))
            try handle.close()
        }) {
            failure = writeFails(4, photo)
        }
        XCTAssertEqual(ran, 1)
        XCTAssertEqual(failure?.isTransient, true, "tried again later: \(String(describing: failure))")
        XCTAssertEqual(failure?.isConflict, false)
        XCTAssertEqual(try Data(contentsOf: photo), original, "the swap was undone")
        XCTAssertEqual(try names(in: folder), ["a.jpg"])
    }

    func testNoSidecarIsLeftForAPhotoRenamedAway() async throws {
        let scratch = Scratch()
        let folder = scratch.path("photos")
        let photo = try PhotoFixtures.jpeg(at: folder.appendingPathComponent("a.jpg"))
        let renamed = folder.appendingPathComponent("b.jpg")
        var failure: RatingFileError?
        // The sidecar a.jpg.xmp is about to appear when the photo leaves.
        let ran = try await racing(photo.path + ".xmp", { try FileManager.default.moveItem(at: photo, to: renamed) }) {
            failure = writeFails(3, photo, storage: .sidecarsOnly)
        }
        XCTAssertEqual(ran, 1)
        XCTAssertEqual(failure?.isConflict, true, "refused: \(String(describing: failure))")
        XCTAssertEqual(try names(in: folder), ["b.jpg"], "no sidecar for a photo no longer there")
    }

    func testTheQueueShowsAConflictOnceAndDoesNotTryAgain() async throws {
        let scratch = Scratch()
        let folder = scratch.path("photos")
        let a = try PhotoFixtures.jpeg(at: folder.appendingPathComponent("a.jpg"), width: 64, height: 48)
        let b = try PhotoFixtures.jpeg(at: folder.appendingPathComponent("b.jpg"), width: 48, height: 64)
        let (first, second) = (try Data(contentsOf: a), try Data(contentsOf: b))
        let index = try LibraryIndex()
        let queue = RatingQueue(index: index)
        let events = Locked<[RatingEvent]>([])
        queue.observe(owner: self) { event in events.withLock { $0.append(event) } }
        try await racing(a.path, {
            let t = folder.appendingPathComponent("t.jpg")
            try FileManager.default.moveItem(at: a, to: t)
            try FileManager.default.moveItem(at: b, to: a)
            try FileManager.default.moveItem(at: t, to: b)
        }) {
            queue.rate(5, path: a.path)
            await queue.settled()
        }
        guard case .failed(let failure)? = events.withLock({ $0.last }) else {
            return XCTFail("a failure is shown: \(events.withLock { $0 })")
        }
        XCTAssertEqual(failure.fileName, "a.jpg")
        XCTAssertTrue(failure.message.contains("moved or replaced"), failure.message)
        XCTAssertEqual(try index.pendingWrites(), [], "not tried again at the next start")
        queue.resumePending()
        await queue.settled()
        XCTAssertEqual(try Data(contentsOf: a), second)
        XCTAssertEqual(try Data(contentsOf: b), first)
        XCTAssertEqual(try names(in: folder), ["a.jpg", "b.jpg"])
    }
}
