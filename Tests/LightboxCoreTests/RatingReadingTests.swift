import Foundation
import Imaging
@testable import LightboxCore
import XCTest

/// Ratings read from files and sidecars, as other tools write them.
final class RatingReadingTests: XCTestCase {
    func testTheFirstRatingTagFoundWinsInTheDocumentedOrder() throws {
        let scratch = Scratch()
        let photo = try PhotoFixtures.jpeg(at: scratch.path("a.jpg"))
        XCTAssertNil(Imaging.rating(path: photo.path), "a photo nobody rated")
        try ExifTool.write(["-IPTC:Urgency=1"], to: photo)
        XCTAssertEqual(Imaging.rating(path: photo.path), 5, "urgency 1, the most urgent, is five stars")
        try ExifTool.write(["-XMP-photoshop:Urgency=7"], to: photo)
        XCTAssertEqual(Imaging.rating(path: photo.path), 1, "Photoshop's XMP urgency before IPTC's")
        try ExifTool.write(["-EXIF:RatingPercent=50"], to: photo)
        XCTAssertEqual(Imaging.rating(path: photo.path), 3, "Windows' percentage before urgency")
        try ExifTool.write(["-EXIF:Rating=4"], to: photo)
        XCTAssertEqual(Imaging.rating(path: photo.path), 4, "EXIF's stars before the percentage")
        try ExifTool.write(["-XMP-xmp:Rating=-1"], to: photo)
        XCTAssertEqual(Imaging.rating(path: photo.path), -1, "xmp:Rating first: -1 is rejected")
        try ExifTool.write(["-XMP-xmp:Rating=0"], to: photo)
        XCTAssertEqual(Imaging.rating(path: photo.path), 0, "an explicit 0 is unrated, not absent")
    }

    func testWindowsPercentagesMapToStarsAsExplorerDoes() throws {
        let scratch = Scratch()
        let photo = try PhotoFixtures.jpeg(at: scratch.path("a.jpg"))
        for (percent, stars) in [(1, 1), (12, 1), (25, 2), (37, 2), (50, 3), (62, 3), (75, 4), (87, 4), (88, 5), (99, 5), (100, 5)] {
            try ExifTool.write(["-EXIF:RatingPercent=\(percent)"], to: photo)
            XCTAssertEqual(Imaging.rating(path: photo.path), stars, "\(percent) %")
        }
    }

    func testAScanReadsRatingsFromPhotosAndBothSidecarConventions() async throws {
        let scratch = Scratch()
        let folder = scratch.path("photos")
        let embedded = try PhotoFixtures.jpeg(at: folder.appendingPathComponent("embedded.jpg"))
        try ExifTool.write(["-XMP-xmp:Rating=2"], to: embedded)
        // darktable's and digiKam's name, then Lightroom's and Capture One's
        // (exiftool creates a sidecar when asked to write to one).
        let darktable = try PhotoFixtures.jpeg(at: folder.appendingPathComponent("dt.jpg"))
        try ExifTool.run(["-q", "-XMP-xmp:Rating=4", darktable.path + ".xmp"])
        let lightroom = try PhotoFixtures.jpeg(at: folder.appendingPathComponent("lr.jpg"))
        try ExifTool.run(["-q", "-XMP-xmp:Rating=-1", folder.appendingPathComponent("lr.xmp").path])
        // The file says 1, its sidecar 5: the sidecar wins (README, "Ratings").
        let both = try PhotoFixtures.jpeg(at: folder.appendingPathComponent("both.jpg"))
        try ExifTool.write(["-XMP-xmp:Rating=1"], to: both)
        try ExifTool.run(["-q", "-XMP-xmp:Rating=5", both.path + ".xmp"])

        let index = try LibraryIndex()
        let ratings = try await ratingsAfterLoading(folder, index)
        XCTAssertEqual(ratings, ["embedded.jpg": 2, "dt.jpg": 4, "lr.jpg": -1, "both.jpg": 5])
        XCTAssertEqual(try index.rating(of: lightroom.path), -1, "remembered in the index")
    }

    func testAnotherToolsNewRatingWinsOnceTheFileOrSidecarChanges() async throws {
        let scratch = Scratch()
        let folder = scratch.path("photos")
        let photo = try PhotoFixtures.jpeg(at: folder.appendingPathComponent("a.jpg"))
        let index = try LibraryIndex()
        _ = try await ratingsAfterLoading(folder, index)
        try index.setRating(3, for: photo.path)
        // Unchanged on disk: Lightbox's rating stands.
        let rated3 = try await ratingsAfterLoading(folder, index)["a.jpg"]
        XCTAssertEqual(rated3, 3)
        try ExifTool.write(["-XMP-xmp:Rating=1"], to: photo)
        try PhotoFixtures.setModificationTime(1_700_000_000, of: photo)
        let rated1 = try await ratingsAfterLoading(folder, index)["a.jpg"]
        XCTAssertEqual(rated1, 1, "the file changed: its rating wins")
        try ExifTool.run(["-q", "-XMP-xmp:Rating=4", photo.path + ".xmp"])
        let rated4 = try await ratingsAfterLoading(folder, index)["a.jpg"]
        XCTAssertEqual(rated4, 4, "a sidecar appearing counts")
        try ExifTool.write(["-XMP-xmp:Rating=2"], to: URL(fileURLWithPath: photo.path + ".xmp"))
        try PhotoFixtures.setModificationTime(1_700_000_100, of: URL(fileURLWithPath: photo.path + ".xmp"))
        let rated2 = try await ratingsAfterLoading(folder, index)["a.jpg"]
        XCTAssertEqual(rated2, 2, "a sidecar changing counts")
        // A single file reported changed (the folder monitor) reads it too.
        try ExifTool.write(["-XMP-xmp:Rating=5"], to: URL(fileURLWithPath: photo.path + ".xmp"))
        let library = PhotoLibrary(index: index)
        let reloaded = await library.reload(path: photo.path)
        XCTAssertEqual(reloaded?.rating, 5)
    }

    func testARatingWaitingToBeWrittenIsNotUndoneByTheFile() async throws {
        let scratch = Scratch()
        let folder = scratch.path("photos")
        let photo = try PhotoFixtures.jpeg(at: folder.appendingPathComponent("a.jpg"))
        try ExifTool.write(["-XMP-xmp:Rating=1"], to: photo)
        let index = try LibraryIndex()
        try index.setRating(4, for: photo.path, queueingWrite: true)
        let rated4 = try await ratingsAfterLoading(folder, index)["a.jpg"]
        XCTAssertEqual(rated4, 4)
        XCTAssertEqual(try index.pendingWrites().map(\.stars), [4])
    }

    func testTheScanRemovesTemporariesOfKilledWritesButNothingElseHidden() throws {
        let scratch = Scratch()
        let folder = scratch.path("photos")
        try PhotoFixtures.jpeg(at: folder.appendingPathComponent("a.jpg"))
        // PID 2^22+1 is above Linux's highest: no such process runs.
        let stale = scratch.file("photos/.a.jpg.lightbox-4194305-Ab12Cd")
        let ours = scratch.file("photos/.a.jpg.lightbox-\(getpid())-Ab12Cd")
        let others = [scratch.file("photos/.hidden"), scratch.file("photos/.a.jpg.lightbox-notapid-Ab12Cd"),
                      scratch.file("photos/.b.jpg.lightbox-4194305-toolong7")]
        var found: [String] = []
        FolderScanner().scan(folder) { found += $0.map { Photo.name(of: $0.path).description } }
        XCTAssertEqual(found, ["a.jpg"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: stale.path), "a dead process's temporary is removed")
        XCTAssertTrue(FileManager.default.fileExists(atPath: ours.path), "a live process's is being written")
        for file in others { XCTAssertTrue(FileManager.default.fileExists(atPath: file.path), file.lastPathComponent) }
    }

    func testWhenAFileReadGivesItsRatingToTheIndex() {
        let read = IndexedFile(path: "/p/a.jpg", size: 2, modificationTime: 2, metadata: nil, statedRating: 4)
        let changed = IndexedFile(path: "/p/a.jpg", size: 1, modificationTime: 1, metadata: nil)
        let beforeRatingsWereRead = IndexedFile(path: "/p/a.jpg", size: 2, modificationTime: 2, metadata: nil,
                                                sidecar: .unread)
        XCTAssertTrue(PhotoLibrary.adopts(read, previous: nil, indexRating: 2, pending: false), "a file new to the index")
        XCTAssertTrue(PhotoLibrary.adopts(read, previous: changed, indexRating: 2, pending: false), "a changed file")
        XCTAssertFalse(PhotoLibrary.adopts(read, previous: changed, indexRating: 2, pending: true),
                       "not over a rating still to be written")
        XCTAssertFalse(PhotoLibrary.adopts(read, previous: beforeRatingsWereRead, indexRating: 2, pending: false),
                       "a rating given before Lightbox read files' ratings stays")
        XCTAssertTrue(PhotoLibrary.adopts(read, previous: beforeRatingsWereRead, indexRating: nil, pending: false),
                      "an unrated one takes the file's")
        let silent = IndexedFile(path: "/p/a.jpg", size: 2, modificationTime: 2, metadata: nil)
        XCTAssertFalse(PhotoLibrary.adopts(silent, previous: changed, indexRating: 2, pending: false),
                       "a file that states no rating keeps Lightbox's")
    }

    /// Loads `folder` to the end; the ratings by file name.
    private func ratingsAfterLoading(_ folder: URL, _ index: LibraryIndex) async throws -> [String: Int] {
        var ratings: [String: Int] = [:]
        for await event in PhotoLibrary(index: index).load(Folder(url: folder)) {
            if case .found(let photos) = event { for photo in photos { ratings[photo.fileName] = photo.rating } }
            if case .updated(let photos) = event { for photo in photos { ratings[photo.fileName] = photo.rating } }
        }
        return ratings
    }
}
