import Foundation
import Imaging
@testable import LightboxCore
import XCTest

final class ThumbnailFailureTests: XCTestCase {
    private func assertFails(_ url: URL, in scratch: Scratch, reason: String,
                             file: StaticString = #filePath, line: UInt = #line) throws {
        let cache = scratch.cache
        let source = try XCTUnwrap(ThumbnailSource(path: url.path), file: file, line: line)
        XCTAssertThrowsError(try cache.thumbnail(for: source, size: .normal), file: file, line: line) { error in
            XCTAssertEqual((error as? ThumbnailError)?.reason, reason, file: file, line: line)
        }
        let uri = cache.uri(for: url.path)
        let failure = cache.failurePath(for: uri)
        let text = PNGText.read(from: failure)
        XCTAssertEqual(text?["Thumb::URI"], uri, file: file, line: line)
        XCTAssertEqual(text?["Thumb::MTime"], String(source.modificationTime), file: file, line: line)
        XCTAssertEqual(permissions(failure), 0o600, file: file, line: line)
        XCTAssertEqual(permissions(failure.deletingLastPathComponent()), 0o700, file: file, line: line)
        XCTAssertFalse(FileManager.default.fileExists(atPath: cache.path(for: uri, size: .normal).path),
                       file: file, line: line)
        // Not tried again while the file is unchanged; the reason is kept.
        XCTAssertEqual(cache.lookup(source, size: .normal), .failed(ThumbnailError(reason: reason)), file: file, line: line)
        let again = cache.load(source, size: .normal)
        XCTAssertEqual(again.origin, .disk, file: file, line: line)
        XCTAssertEqual(again.result, .failure(ThumbnailError(reason: reason)), file: file, line: line)
    }

    func testBadFilesEndInAReasonAndAFailEntry() throws {
        let scratch = Scratch()
        try assertFails(scratch.file("empty.jpg", ""), in: scratch, reason: "The file is empty.")
        try assertFails(scratch.file("letter.jpg", "Dear photo, you are not a JPEG.\n"), in: scratch,
                        reason: "The file is not an image Lightbox can read.")

        let whole = try TestImages.jpeg(scratch.path("whole.jpg"), width: 300, height: 200)
        let bytes = try Data(contentsOf: whole)
        let truncated = scratch.path("truncated.jpg")
        try bytes.prefix(bytes.count / 2).write(to: truncated)
        try assertFails(truncated, in: scratch, reason: "The image is damaged or incomplete.")

        let huge = scratch.path("huge.png")
        try TestImages.pngDeclaring(width: 100_000, height: 100_000).write(to: huge)
        try assertFails(huge, in: scratch, reason: "The image is too large (100000 × 100000 pixels).")
        let hugeJPEG = scratch.path("huge.jpg")
        try TestImages.jpegDeclaring(width: 60_000, height: 50_000, from: bytes).write(to: hugeJPEG)
        try assertFails(hugeJPEG, in: scratch, reason: "The image is too large (60000 × 50000 pixels).")

        let damaged = scratch.path("damaged.png")
        try TestImages.pngDeclaring(width: 64, height: 64).write(to: damaged)
        try assertFails(damaged, in: scratch, reason: "The image is damaged or incomplete.")
    }

    func testAChangedFileIsTriedAgain() throws {
        let scratch = Scratch()
        let cache = scratch.cache
        let url = scratch.file("later.jpg", "")
        scratch.setModificationTime(url, 1_700_000_000)
        let empty = try XCTUnwrap(ThumbnailSource(path: url.path))
        XCTAssertEqual(cache.load(empty, size: .normal).origin, .decoded)
        XCTAssertEqual(cache.load(empty, size: .normal).origin, .disk)

        try TestImages.jpeg(url, width: 50, height: 50)
        scratch.setModificationTime(url, 1_700_000_050)
        let fixed = try XCTUnwrap(ThumbnailSource(path: url.path))
        XCTAssertEqual(cache.lookup(fixed, size: .normal), .missing)
        let loaded = cache.load(fixed, size: .normal)
        XCTAssertEqual(loaded.origin, .decoded)
        XCTAssertEqual(try loaded.result.get().width, 50)
    }

    func testAnUnreadableFileSaysSo() throws {
        try requireUnprivileged("root reads every file")
        let scratch = Scratch()
        let url = try TestImages.jpeg(scratch.path("secret.jpg"), width: 20, height: 20)
        chmod(url.path, 0)
        try assertFails(url, in: scratch, reason: "You do not have permission to read the file.")
    }

    func testPipesAndDevicesAreRefusedWithoutReading() throws {
        let scratch = Scratch()
        let fifo = scratch.path("pipe.jpg")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        // Opening a pipe for reading would wait for a writer for ever.
        try assertFails(fifo, in: scratch, reason: "This is not a regular file.")
        let device = scratch.path("zero.jpg")
        try FileManager.default.createSymbolicLink(atPath: device.path, withDestinationPath: "/dev/zero")
        try assertFails(device, in: scratch, reason: "This is not a regular file.")
    }

    func testBrokenAndLoopingLinksSaySo() throws {
        let scratch = Scratch()
        let cache = scratch.cache
        let broken = scratch.path("broken.jpg")
        try FileManager.default.createSymbolicLink(atPath: broken.path, withDestinationPath: scratch.path("nowhere.jpg").path)
        let source = ThumbnailSource(path: broken.path, modificationTime: 1, fileSize: 1)
        XCTAssertEqual(cache.load(source, size: .normal).result,
                       .failure(ThumbnailError(reason: "The file is a link to a file that does not exist.")))
        let loop = scratch.path("loop.jpg")
        try FileManager.default.createSymbolicLink(atPath: loop.path, withDestinationPath: loop.path)
        XCTAssertEqual(cache.load(ThumbnailSource(path: loop.path, modificationTime: 1, fileSize: 1), size: .normal).result,
                       .failure(ThumbnailError(reason: "The file is a symbolic link that points to itself.")))
        XCTAssertEqual(ThumbnailError.unreadable(EACCES).reason, "You do not have permission to read the file.")
    }

    func testAFileThatVanishedFailsWithoutAFailEntry() throws {
        let scratch = Scratch()
        let cache = scratch.cache
        let source = ThumbnailSource(path: scratch.path("gone.jpg").path, modificationTime: 1, fileSize: 10)
        XCTAssertEqual(cache.load(source, size: .normal).result, .failure(ThumbnailError(reason: "The file no longer exists.")))
        XCTAssertFalse(FileManager.default.fileExists(atPath: cache.failurePath(for: cache.uri(for: source.path)).path))
    }

    func testAnUnwritableCacheStillGivesAThumbnail() throws {
        let scratch = Scratch()
        let photo = try TestImages.jpeg(scratch.path("a.jpg"), width: 30, height: 30)
        // A file where the cache folder should be.
        scratch.file("cache/thumbnails", "in the way")
        let pixels = try scratch.cache.thumbnail(for: try XCTUnwrap(ThumbnailSource(path: photo.path)), size: .normal)
        XCTAssertEqual(pixels.width, 30)
    }
}
