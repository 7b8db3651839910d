import Foundation
@testable import LightboxCore
import XCTest

final class PhotoTests: XCTestCase {
    func testTitleIsTheImageTitleElseTheFileNameWithoutExtension() {
        var photo = Photo(path: "/p/IMG_0042.JPG", fileSize: 1, modificationTime: 0)
        XCTAssertEqual(photo.title, "IMG_0042")
        photo.tags = PhotoTags(title: "Sunset over Lisbon")
        XCTAssertEqual(photo.title, "Sunset over Lisbon")
        photo.metadata = PhotoMetadata(cameraMake: "Canon")
        XCTAssertEqual(photo.title, "Sunset over Lisbon", "the metadata read later keeps the title")
        XCTAssertEqual(Photo(path: "/p/.hidden", fileSize: 1, modificationTime: 0).title, ".hidden")
        XCTAssertEqual(Photo(path: "/p/a.b/archive.tar.gz", fileSize: 1, modificationTime: 0).title, "archive.tar")
        XCTAssertEqual(Photo(path: "/p/a.b/trailing.", fileSize: 1, modificationTime: 0).title, "trailing.")
        XCTAssertEqual(Photo(path: "/p/a.b/plain", fileSize: 1, modificationTime: 0).title, "plain")
        XCTAssertEqual(Photo(path: "/p/Été ☀️.jpeg", fileSize: 1, modificationTime: 0).fileName, "Été ☀️.jpeg")
        XCTAssertEqual(Photo(path: "/p/Été ☀️.jpeg", fileSize: 1, modificationTime: 0).title, "Été ☀️")
    }

    func testDateTakenFallsBackToTheModificationTime() {
        var photo = Photo(path: "/p/a.jpg", fileSize: 1, modificationTime: 1_000_000)
        XCTAssertEqual(photo.dateTaken, Date(timeIntervalSince1970: 1_000_000))
        XCTAssertFalse(photo.hasMetadata)
        photo.metadata = PhotoMetadata(dateTaken: PhotoMetadata.exifDate("2023:06:15 14:30:00"))
        XCTAssertTrue(photo.hasMetadata)
        let parts = Calendar(identifier: .gregorian).dateComponents([.year, .month, .day, .hour], from: photo.dateTaken)
        XCTAssertEqual([parts.year, parts.month, parts.day, parts.hour], [2023, 6, 15, 14])
        XCTAssertNil(PhotoMetadata.exifDate("0000:00:00 00:00:00"))
        XCTAssertNil(PhotoMetadata.exifDate("garbage"))
    }

    func testCopiesAreValuesAndSmall() {
        var original = Photo(path: "/p/a.jpg", fileSize: 1, modificationTime: 0,
                             metadata: PhotoMetadata(cameraMake: "Canon"), tags: PhotoTags(title: "Harbour"))
        let copy = original
        original.tags.title = "Bridge"
        XCTAssertEqual(copy.tags.title, "Harbour")
        XCTAssertEqual(copy.title, "Harbour")
        XCTAssertEqual(original.title, "Bridge")
        XCTAssertNotEqual(copy, original)
        original.tags.title = "Harbour"
        XCTAssertEqual(copy, original)
        XCTAssertEqual(Set([copy, original]).count, 1)
        // A 100,000-photo folder holds several arrays of photos: each
        // photo's metadata is shared, not copied into every one.
        XCTAssertLessThanOrEqual(MemoryLayout<Photo>.stride, 80)
    }

    func testRatingsStayBetweenRejectedAndFive() {
        var photo = Photo(path: "/p/a.jpg", fileSize: 1, modificationTime: 0, rating: 9)
        XCTAssertEqual(photo.rating, 5)
        photo.rate(-1)
        XCTAssertEqual(photo.rating, -1)
        XCTAssertTrue(photo.isRejected)
        photo.rate(-7)
        XCTAssertEqual(photo.rating, Photo.rejected, "below -1 is still rejected, as xmp:Rating reads")
    }

    func testRejectedPhotosCanBeShownHiddenOrAlone() {
        let photos = [-1, 0, 3].map { Photo(path: "/p/\($0).jpg", fileSize: 1, modificationTime: 0, rating: $0) }
        func shown(_ filter: PhotoFilter) -> [Int] { photos.filter(filter.predicate()).map(\.rating) }
        XCTAssertEqual(shown(PhotoFilter()), [-1, 0, 3], "all photos, rejected ones included")
        XCTAssertEqual(shown(PhotoFilter(rejected: .hidden)), [0, 3])
        XCTAssertEqual(shown(PhotoFilter(rejected: .only)), [-1])
        XCTAssertEqual(shown(PhotoFilter(minimumRating: 1)), [3], "a minimum of stars leaves rejected ones out")
        XCTAssertTrue(PhotoFilter(rejected: .hidden).isActive)
    }

    func testCameraAndExposureRead() {
        let metadata = PhotoMetadata(cameraMake: "Canon", cameraModel: "Canon EOS R6",
                                     exposureNumerator: 1, exposureDenominator: 250)
        XCTAssertEqual(metadata.camera, "Canon EOS R6")
        XCTAssertEqual(metadata.exposure, "1/250 s")
        XCTAssertEqual(PhotoMetadata(cameraMake: "NIKON", cameraModel: "Z 6").camera, "NIKON Z 6")
        XCTAssertEqual(PhotoMetadata(exposureNumerator: 2, exposureDenominator: 1).exposure, "2 s")
    }

    func testSearchIgnoresCaseAndAccentsAndNeedsEveryWord() {
        let photo = Photo(path: "/p/Café de Flore, Paris.jpg", fileSize: 1, modificationTime: 0)
        XCTAssertTrue(photo.matches(search: Photo.searchWords("cafe PARIS")))
        XCTAssertFalse(photo.matches(search: Photo.searchWords("cafe london")))
        XCTAssertTrue(photo.matches(search: Photo.searchWords("   ")))
    }

    func testNaturalNameOrderAndStableTies() {
        let names = ["IMG 10", "img 2", "IMG 1", "Beach"]
        let photos = names.map { Photo(path: "/p/\($0).jpg", fileSize: 1, modificationTime: 0) }
        XCTAssertEqual(photos.sorted(by: PhotoOrder(.name).areInIncreasingOrder).map(\.title),
                       ["Beach", "IMG 1", "img 2", "IMG 10"])
        XCTAssertEqual(photos.sorted(by: PhotoOrder(.name, ascending: false).areInIncreasingOrder).map(\.title),
                       ["IMG 10", "img 2", "IMG 1", "Beach"])
    }

    func testSortBySizeRatingAndDate() {
        let a = Photo(path: "/p/a.jpg", fileSize: 300, modificationTime: 3, rating: 1)
        let b = Photo(path: "/p/b.jpg", fileSize: 100, modificationTime: 1, rating: 5)
        let c = Photo(path: "/p/c.jpg", fileSize: 200, modificationTime: 2, rating: 1)
        XCTAssertEqual([a, b, c].sorted(by: PhotoOrder(.size).areInIncreasingOrder).map(\.title), ["b", "c", "a"])
        XCTAssertEqual([a, b, c].sorted(by: PhotoOrder(.rating, ascending: false).areInIncreasingOrder).map(\.title),
                       ["b", "a", "c"], "ties on rating fall back to the name")
        XCTAssertEqual([a, b, c].sorted(by: PhotoOrder(.dateTaken).areInIncreasingOrder).map(\.title), ["b", "c", "a"])
    }

    func testSortingByKeyAgreesWithTheComparisonInEveryOrder() {
        // Few distinct values for every key, so most comparisons are ties
        // that fall back to the title and then the path.
        var random = Seeded(state: 5)
        let photos = (0..<400).map { index in
            let day = Int.random(in: 0..<4, using: &random)
            let metadata = index % 5 == 0 ? nil : PhotoMetadata(
                pixelWidth: 4, pixelHeight: 3, dateTaken: Date(timeIntervalSince1970: Double(day) * 86_400))
            let tags = PhotoTags(title: index % 5 != 0 && index % 7 == 0 ? "Shared title" : nil)
            // Unique paths; names repeat across folders and differ in case.
            return Photo(path: "/p/\(index / 50)/\(index % 2 == 0 ? "IMG" : "img")_\(index % 50).jpg",
                         fileSize: Int64.random(in: 0..<5, using: &random),
                         modificationTime: Int.random(in: 0..<3, using: &random) * 86_400,
                         metadata: metadata, rating: Int.random(in: 0...5, using: &random), tags: tags)
        }
        for key in PhotoOrder.Key.allCases {
            for ascending in [true, false] {
                let order = PhotoOrder(key, ascending: ascending)
                XCTAssertEqual(order.sorted(photos.shuffled(using: &random)).map(\.path),
                               photos.sorted(by: order.areInIncreasingOrder).map(\.path), "\(key) \(ascending)")
            }
        }
        XCTAssertEqual(PhotoOrder.standard.sorted([]), [])
    }

    func testSummaryCountsWithGrouping() {
        let folder = Folder(url: URL(fileURLWithPath: "/p"))
        let photo = Photo(path: "/p/a.jpg", fileSize: 1, modificationTime: 0)
        XCTAssertEqual(PhotoList(folder: folder, photos: ChunkedArray(repeatElement(photo, count: 1204)), total: 1204).summary,
                       "1,204 photos")
        XCTAssertEqual(PhotoList(folder: folder, photos: ChunkedArray(repeatElement(photo, count: 37)), total: 1204).summary,
                       "37 of 1,204 photos")
        XCTAssertEqual(PhotoList(folder: folder, photos: [photo], total: 1).summary, "1 photo")
    }
}
