import Foundation
import Imaging
@testable import LightboxCore
import XCTest

/// A writer that takes its time, to see what waits for it.
private final class SlowWriter: RatingWriter, Sendable {
    let orientations = Locked<[Int]>([])

    func write(_ stars: Int, for photo: String, storage: RatingStorage) throws(RatingFileError) -> RatingWriteResult {
        RatingWriteResult()
    }

    func write(_ edit: TagEdit, for photo: String, storage: RatingStorage) throws(RatingFileError) -> RatingWriteResult {
        RatingWriteResult()
    }

    func writeSidecarOrientation(_ orientation: Int, for raw: String) throws(RatingFileError) {
        orientations.withLock { $0.append(orientation) }
    }

    func writeOrientation(_ orientation: Int, for photo: String) throws(RatingFileError) {
        usleep(300_000)
        orientations.withLock { $0.append(orientation) }
    }
}

/// Rotating a photo: a quarter turn of its EXIF orientation, written into
/// the file the way ratings are (the pixels never re-encoded), and shown at
/// once by turning the pixels already decoded.
final class RotationTests: XCTestCase {
    func testQuarterTurnsFollowEXIFOrientations() {
        XCTAssertEqual(PhotoOrientation.turned(1, clockwise: true), 6)
        XCTAssertEqual(PhotoOrientation.turned(6, clockwise: true), 3)
        XCTAssertEqual(PhotoOrientation.turned(3, clockwise: true), 8)
        XCTAssertEqual(PhotoOrientation.turned(8, clockwise: true), 1)
        XCTAssertEqual(PhotoOrientation.turned(1, clockwise: false), 8)
        XCTAssertEqual(PhotoOrientation.turned(0, clockwise: true), 6, "unknown counts as upright")
        // Mirrored photos stay mirrored: 2 → 7 → 4 → 5 → 2.
        XCTAssertEqual(PhotoOrientation.turned(2, clockwise: true), 7)
        XCTAssertEqual(PhotoOrientation.turned(7, clockwise: true), 4)
        XCTAssertEqual(PhotoOrientation.turned(4, clockwise: true), 5)
        XCTAssertEqual(PhotoOrientation.turned(5, clockwise: true), 2)
        for orientation in 1...8 {
            XCTAssertEqual(PhotoOrientation.turned(PhotoOrientation.turned(orientation, clockwise: true), clockwise: false),
                           orientation, "there and back")
        }
    }

    func testPixelsTurnAQuarter() {
        // 3 × 2: pixel values are their own numbers, 0 1 2 / 3 4 5.
        let pixels = PixelData(width: 3, height: 2, stride: 12,
                               bytes: Data((0..<6).flatMap { [UInt8($0), 0, 0, 255] }))
        let clockwise = pixels.turned(clockwise: true)
        XCTAssertEqual([clockwise.width, clockwise.height, clockwise.stride], [2, 3, 8])
        XCTAssertEqual(firstBytes(clockwise), [3, 0, 4, 1, 5, 2], "the left column becomes the top row")
        XCTAssertEqual(firstBytes(pixels.turned(clockwise: false)), [2, 5, 1, 4, 0, 3])
        XCTAssertEqual(clockwise.turned(clockwise: false).bytes, pixels.bytes)
    }

    private func firstBytes(_ pixels: PixelData) -> [UInt8] {
        pixels.withUnsafeBytes { bytes in stride(from: 0, to: bytes.count, by: 4).map { bytes[$0] } }
    }

    /// The list of `scratch`'s "photos" folder, with the queue writing its files.
    @MainActor
    private func listOfPhotos(in scratch: Scratch) async throws -> (PhotoListLogic, RatingQueue) {
        let index = try LibraryIndex()
        let queue = RatingQueue(index: index)
        let logic = PhotoListLogic(library: PhotoLibrary(index: index, ratings: queue),
                                   trash: FolderTrash(folder: scratch.path("trash")))
        await logic.sendAndSettle(.openFolderAt(scratch.path("photos").path))
        return (logic, queue)
    }

    @MainActor
    func testARotationIsWrittenAsEXIFOrientationAndThePixelsStay() async throws {
        let scratch = Scratch()
        let photo = try PhotoFixtures.jpeg(at: scratch.path("photos/a.jpg"), width: 64, height: 48,
                                           tags: PhotoFixtures.cameraTags)
        let original = scratch.path("original.jpg")
        try FileManager.default.copyItem(at: photo, to: original)
        let (logic, queue) = try await listOfPhotos(in: scratch)
        logic.send(.edit(.rotate(path: photo.path, clockwise: true)))
        XCTAssertEqual(logic.photo(at: photo.path)?.metadata?.orientation, 6, "shown turned before it is written")
        logic.send(.edit(.rotate(path: photo.path, clockwise: true)))
        await queue.settled()
        XCTAssertEqual(try ExifTool.value("EXIF:Orientation", of: photo), "3")
        XCTAssertTrue(try Imaging.haveSameImageData(original.path, photo.path), "a tag, not re-encoded pixels")
        XCTAssertEqual(try ExifTool.value("EXIF:Model", of: photo), "Canon EOS R6", "other metadata kept")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path("photos").path), ["a.jpg"])
    }

    func testQuittingWaitsForTheRotationsUnderWay() throws {
        let writer = SlowWriter()
        let queue = RatingQueue(index: try LibraryIndex(), writer: writer)
        queue.rotate(to: 6, path: "/nowhere/a.jpg")
        queue.rotate(to: 3, path: "/nowhere/a.jpg")
        XCTAssertFalse(queue.waitForWrites(upTo: 0.1), "time runs out while the first is written")
        XCTAssertTrue(queue.waitForWrites(upTo: 5))
        XCTAssertEqual(writer.orientations.withLock { $0 }, [6, 3], "both written, in order")
    }

    @MainActor
    func testAPhotoThatCannotTakeARotationSaysSoAndKeepsItsOrientation() async throws {
        let scratch = Scratch()
        let png = scratch.path("photos/b.png")
        try FileManager.default.createDirectory(at: png.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Imaging.encode(TestImages.pixels(width: 8, height: 6), to: png.path, as: .png)
        let (logic, queue) = try await listOfPhotos(in: scratch)
        logic.send(.edit(.rotate(path: png.path, clockwise: false)))
        await queue.settled()
        for _ in 0..<100 where logic.state.notice == nil || logic.photo(at: png.path)?.metadata?.orientation == 8 {
            try await Task.sleep(for: .milliseconds(20))
        }
        await logic.settled()
        XCTAssertEqual(logic.state.notice?.value.text, "Could not rotate “b.png”: only JPEG and WebP photos can be rotated.")
        XCTAssertNotEqual(logic.photo(at: png.path)?.metadata?.orientation, 8, "the file's orientation again")
    }
}
