import Foundation
@testable import LightboxCore
import XCTest

final class SortedPhotosTests: XCTestCase {
    /// Photos with few distinct dates, so ties fall back to titles and paths.
    private func photo(_ index: Int, day: Int, rating: Int? = nil) -> Photo {
        let metadata = PhotoMetadata(pixelWidth: 4, pixelHeight: 3,
                                     dateTaken: Date(timeIntervalSince1970: Double(day) * 86_400))
        return Photo(path: "/photos/IMG_\(index).jpg", fileSize: Int64(index), modificationTime: index,
                     metadata: metadata, rating: rating ?? index % 6)
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
                XCTAssertEqual(Array(list.photos), expected.values.sorted(by: order.areInIncreasingOrder))
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

    /// A list rebuilt in another order while photos are found, changed
    /// (twice in a row, too) and removed: the result holds every change,
    /// once, through the filter.
    func testARebuildEndsWithEveryChangeMadeMeanwhile() {
        var random = Seeded(state: 7)
        let included: (Photo) -> Bool = { $0.rating >= 2 }
        for _ in 0..<40 {
            var expected = Dictionary(uniqueKeysWithValues: (0..<40).map { index in
                ("/photos/IMG_\(index).jpg", photo(index, day: index % 4))
            })
            var shown = SortedPhotos(expected.values.filter(included), order: .standard)
            var rebuilds = ListRebuilds()
            let ticket = rebuilds.begin()
            let rebuilt = SortedPhotos(expected.values.filter(included), order: PhotoOrder(.name))
            var next = 40
            for _ in 0..<Int.random(in: 1...12, using: &random) {
                let change: SortedPhotos.Change
                switch Int.random(in: 0..<3, using: &random) {
                case 0:
                    let batch = (0..<Int.random(in: 1...6, using: &random)).map { _ in
                        defer { next += 1 }
                        return photo(next, day: Int.random(in: 0..<4, using: &random))
                    }
                    change = .merge(batch)
                    for photo in batch { expected[photo.path] = photo }
                case 1:
                    let old = Array(expected.values.shuffled(using: &random).prefix(4))
                    let new = old.map {
                        photo(Int($0.fileSize), day: Int.random(in: 0..<4, using: &random),
                              rating: Int.random(in: 0...5, using: &random))
                    }
                    change = .replace(old: old, new: new)
                    for photo in new { expected[photo.path] = photo }
                default:
                    let gone = Set(expected.keys.shuffled(using: &random).prefix(3))
                    change = .remove(gone)
                    for path in gone { expected[path] = nil }
                }
                shown.apply(change, including: included)
                rebuilds.record(change)
            }
            let wanted = expected.values.filter(included)
            XCTAssertEqual(Array(shown.photos), wanted.sorted(by: PhotoOrder.standard.areInIncreasingOrder))
            XCTAssertEqual(rebuilds.finish(ticket, rebuilt, including: included).map { Array($0.photos) },
                           wanted.sorted(by: PhotoOrder(.name).areInIncreasingOrder))
            XCTAssertFalse(rebuilds.isUnderWay)
        }
    }

    func testANewerRebuildOrANewListSupersedesOneUnderWay() {
        var rebuilds = ListRebuilds()
        let list = SortedPhotos([photo(1, day: 1)], order: .standard)
        let first = rebuilds.begin()
        let second = rebuilds.begin()
        XCTAssertNil(rebuilds.finish(first, list, including: { _ in true }))
        XCTAssertEqual(rebuilds.finish(second, list, including: { _ in true }), list)
        let third = rebuilds.begin()
        rebuilds.cancel()
        XCTAssertFalse(rebuilds.isUnderWay)
        XCTAssertNil(rebuilds.finish(third, list, including: { _ in true }))
    }
}
