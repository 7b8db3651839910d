import Foundation
import Imaging
@testable import LightboxCore
import XCTest

final class PhotoLibraryTests: XCTestCase {
    private func load(_ library: PhotoLibrary, _ folder: URL) async -> [String: Photo] {
        var photos: [String: Photo] = [:]
        for await event in library.load(Folder(url: folder)) {
            switch event {
            case .found(let batch), .updated(let batch): for photo in batch { photos[photo.path] = photo }
            default: break
            }
        }
        return photos
    }

    func testReadsExifFromRealJPEGs() async throws {
        let scratch = Scratch()
        let url = try PhotoFixtures.jpeg(at: scratch.path("trip/harbour.jpg"), width: 80, height: 60,
                                         tags: PhotoFixtures.cameraTags + [("Xmp.dc.title", "Harbour at noon")])
        let library = PhotoLibrary(index: try LibraryIndex())
        let loaded = await load(library, scratch.url)
        let photo = try XCTUnwrap(loaded[url.path])
        let metadata = try XCTUnwrap(photo.metadata)
        XCTAssertEqual(metadata.camera, "Canon EOS R6")
        XCTAssertEqual(metadata.exposure, "1/250 s")
        XCTAssertEqual(metadata.fNumber ?? 0, 2.8, accuracy: 0.01)
        XCTAssertEqual(metadata.focalLength ?? 0, 50, accuracy: 0.01)
        XCTAssertEqual(metadata.iso, 400)
        XCTAssertEqual(metadata.pixelWidth, 80)
        XCTAssertEqual(photo.title, "Harbour at noon")
        XCTAssertEqual(photo.dateTaken, PhotoMetadata.exifDate("2023:06:15 14:30:00"))
    }

    func testASecondOpenReadsNoFileItAlreadyKnows() async throws {
        let scratch = Scratch()
        let url = try PhotoFixtures.jpeg(at: scratch.path("a.jpg"), tags: PhotoFixtures.cameraTags)
        let index = try LibraryIndex(url: scratch.path("data/library.sqlite"))
        XCTAssertEqual(permissions(scratch.path("data/library.sqlite")), 0o600, "the index is private")
        _ = await load(PhotoLibrary(index: index), scratch.url)
        // Same size and time, different bytes: only a re-read would notice.
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
        let mtime = Int(try XCTUnwrap(FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date)
            .timeIntervalSince1970)
        try Data(repeating: 0, count: size).write(to: url)
        try PhotoFixtures.setModificationTime(mtime, of: url)
        let reopened = try LibraryIndex(url: scratch.path("data/library.sqlite"))
        let again = await load(PhotoLibrary(index: reopened), scratch.url)
        let photo = try XCTUnwrap(again[url.path])
        XCTAssertEqual(photo.metadata?.camera, "Canon EOS R6", "metadata came from the index")
        // A changed mtime makes it read again (and find nothing now).
        try PhotoFixtures.setModificationTime(mtime + 10, of: url)
        let reread = await load(PhotoLibrary(index: reopened), scratch.url)
        let changed = try XCTUnwrap(reread[url.path])
        XCTAssertNil(changed.metadata?.camera)
    }

    func testASecondOpenShowsIndexedPhotosInGrowingBatchesWithTheirDates() async throws {
        let scratch = Scratch()
        for index in 0..<30 {
            try PhotoFixtures.jpeg(at: scratch.path("album/\(index / 10)/photo-\(index).jpg"), width: 8, height: 6,
                                   tags: [("Exif.Photo.DateTimeOriginal", "2019:05:0\(index % 9 + 1) 10:00:00")])
        }
        let index = try LibraryIndex()
        let library = PhotoLibrary(index: index, scanner: FolderScanner(batchSize: 2))
        _ = await load(library, scratch.url)
        // The second open: the walk goes on while the index is read, and
        // what it found meanwhile still reaches the grid a few at first.
        var batches: [[Photo]] = []
        var updated = 0
        for await event in library.load(Folder(url: scratch.url)) {
            switch event {
            case .found(let batch): batches.append(batch)
            case .updated(let batch): updated += batch.count
            default: break
            }
        }
        XCTAssertEqual(updated, 0, "nothing is read again")
        XCTAssertEqual(batches.first?.count, 2, "the first batch is small, so the grid fills at once")
        XCTAssertEqual(batches.map(\.count).reduce(0, +), 30)
        XCTAssertEqual(Set(batches.joined().map(\.path)).count, 30, "each photo once")
        XCTAssertTrue(batches.joined().allSatisfy { $0.metadata?.dateTaken != nil }, "shown with what the index knows")
        let sizes = batches.dropLast().map(\.count)
        XCTAssertEqual(sizes, sizes.sorted(), "batches grow")
    }

    func testBatchesComeSortedInTheOrderAsked() async throws {
        let scratch = Scratch()
        for index in 0..<12 {
            try PhotoFixtures.jpeg(at: scratch.path("photo-\(index).jpg"), width: 8, height: 6)
        }
        let library = PhotoLibrary(index: try LibraryIndex(), scanner: FolderScanner(batchSize: 3))
        let order = PhotoOrder(.name, ascending: false)
        var batches = 0
        for await event in library.load(Folder(url: scratch.url), order: order) {
            switch event {
            case .found(let batch), .updated(let batch):
                batches += 1
                XCTAssertEqual(batch.map(\.path), batch.sorted(by: order.areInIncreasingOrder).map(\.path))
            default: break
            }
        }
        XCTAssertGreaterThan(batches, 2)
    }

    func testRatingsArePersistedAndFollowRenames() throws {
        let scratch = Scratch()
        let index = try LibraryIndex(url: scratch.path("library.sqlite"))
        try index.setRating(4, for: "/photos/a.jpg")
        try index.setRating(2, for: "/elsewhere/b.jpg")
        let reopened = try LibraryIndex(url: scratch.path("library.sqlite"))
        XCTAssertEqual(try reopened.ratings(under: "/photos"), ["/photos/a.jpg": 4])
        try reopened.move(from: "/photos/a.jpg", to: "/photos/renamed.jpg")
        XCTAssertEqual(try reopened.rating(of: "/photos/renamed.jpg"), 4)
        try reopened.setRating(0, for: "/photos/renamed.jpg")
        XCTAssertEqual(try reopened.ratings(under: "/photos"), [:])
    }

    /// The index's rows come in path order, a chunk at a time, while the
    /// walk goes on: a photo is shown once the rows up to its path are
    /// read, even one the walk finds first whose row comes last (a file
    /// in the folder itself, named after its subfolders), and no photo is
    /// taken for unknown because its row had not come yet.
    func testPhotosWaitForTheirRowsWhicheverComesFirst() async throws {
        let scratch = Scratch()
        var paths = [scratch.path("library/a.jpg").path, scratch.path("library/z.jpg").path]
        for folder in 0..<30 {
            for photo in 0..<100 { paths.append(scratch.path("library/m\(folder)/IMG_\(photo).jpg").path) }
        }
        let camera = PhotoMetadata(pixelWidth: 6000, pixelHeight: 4000, cameraMake: "Indexed", cameraModel: "Only")
        var rows: [IndexedFile] = []
        for path in paths {
            // Not pictures at all: read from the files, they would show no camera.
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try Data("not a photo".utf8).write(to: URL(fileURLWithPath: path))
            try PhotoFixtures.setModificationTime(1_700_000_000, of: URL(fileURLWithPath: path))
            rows.append(IndexedFile(path: path, size: 11, modificationTime: 1_700_000_000, metadata: camera,
                                    sidecar: nil))
        }
        let index = try LibraryIndex()
        try index.save(rows)
        var found: [String: Photo] = [:]
        var updated = 0
        for await event in PhotoLibrary(index: index).load(Folder(url: scratch.path("library"))) {
            switch event {
            case .found(let batch): for photo in batch { found[photo.path] = photo }
            case .updated(let batch): updated += batch.count
            default: break
            }
        }
        XCTAssertEqual(found.count, paths.count)
        XCTAssertEqual(updated, 0, "nothing is read again")
        XCTAssertEqual(paths.filter { found[$0]?.metadata?.cameraMake != "Indexed" }.count, 0, "shown with what the index knows")
    }

    func testBrokenFilesStillAppearWithoutMetadata() async throws {
        let scratch = Scratch()
        scratch.file("empty.jpg", "")
        scratch.file("liar.jpg", "this is text, not a JPEG")
        try FileManager.default.createSymbolicLink(atPath: scratch.path("dangling.png").path, withDestinationPath: "/nope.png")
        let photos = await load(PhotoLibrary(index: try LibraryIndex()), scratch.url)
        XCTAssertEqual(Set(photos.values.map(\.title)), ["empty", "liar", "dangling"])
        XCTAssertTrue(photos.values.allSatisfy { $0.metadata?.camera == nil })
    }
}
