import Foundation
@testable import LightboxCore
import XCTest

final class SortedPhotosTests: XCTestCase {
    /// Photos with few distinct dates, so ties fall back to titles and paths.
    private func photo(_ index: Int, day: Int) -> Photo {
        let metadata = PhotoMetadata(pixelWidth: 4, pixelHeight: 3,
                                     dateTaken: Date(timeIntervalSince1970: Double(day) * 86_400))
        return Photo(path: "/photos/IMG_\(index).jpg", fileSize: Int64(index), modificationTime: index,
                     metadata: metadata, rating: index % 6)
    }

    func testEveryChangeKeepsTheListSortedAndComplete() {
        var random = Seeded(state: 11)  // fixed: a failure can be replayed
        for order in [PhotoOrder.standard, PhotoOrder(.name, ascending: false), PhotoOrder(.rating)] {
            var list = SortedPhotos(order: order)
            var expected: [String: Photo] = [:]
            var next = 0
            for _ in 0..<200 {
                switch Int.random(in: 0..<3, using: &random) {
                case 0:  // a batch found, in any order
                    let batch = (0..<Int.random(in: 1...30, using: &random)).map { _ in
                        defer { next += 1 }
                        return photo(next, day: Int.random(in: 0..<5, using: &random))
                    }
                    list.merge(batch.shuffled(using: &random))
                    for photo in batch { expected[photo.path] = photo }
                case 1:  // metadata arrived: new dates move photos
                    let changed = expected.values.shuffled(using: &random).prefix(10)
                    let moved = changed.map { photo(Int($0.fileSize), day: Int.random(in: 0..<5, using: &random)) }
                    if Bool.random(using: &random) {
                        list.replace(Array(changed), with: moved.shuffled(using: &random))
                    } else {
                        list.remove(Array(changed))
                        list.merge(moved)
                    }
                    for photo in moved { expected[photo.path] = photo }
                default:  // photos gone
                    let gone = Set(expected.keys.shuffled(using: &random).prefix(5))
                    list.removeAll { gone.contains($0.path) }
                    for path in gone { expected[path] = nil }
                }
                XCTAssertEqual(list.photos, expected.values.sorted(by: order.areInIncreasingOrder))
            }
        }
    }

    func testAPhotoIsFoundByItsPlaceAndOnlyAsTheListHoldsIt() {
        let photos = (0..<50).map { photo($0, day: $0 % 7) }
        let list = SortedPhotos(photos.shuffled(), order: .standard)
        for photo in photos {
            XCTAssertEqual(list.index(of: photo).map { list.photos[$0] }, photo)
        }
        XCTAssertNil(list.index(of: photo(99, day: 3)), "not in the list")
        var stale = SortedPhotos([photo(1, day: 1)], order: .standard)
        stale.remove([photo(1, day: 4)])
        XCTAssertEqual(stale.count, 1, "a photo is removed as the list holds it, not as it is now")
    }
}
