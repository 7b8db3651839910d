import Foundation
import Imaging
@testable import LightboxCore
import XCTest

/// The photo window's decoded neighbours: the window moves with the steps,
/// drops what falls out, keeps to its budget and skips what was stepped over.
final class PhotoPreloaderTests: XCTestCase {
    /// A decoder that records what it is asked and answers when let go.
    private actor Decoder {
        private(set) var asked: [String] = []
        private var held: [CheckedContinuation<Void, Never>] = []
        private var holding: Bool
        let bytes: Int

        init(holding: Bool = false, bytes: Int = 1 << 20) {
            self.holding = holding
            self.bytes = bytes
        }

        func decode(_ path: String) async -> PixelData {
            asked.append((path as NSString).lastPathComponent)
            if holding { await withCheckedContinuation { held.append($0) } }
            let width = bytes / 4 / 16
            return PixelData(width: width, height: 16, stride: width * 4, bytes: Data(count: bytes))
        }

        func release() {
            holding = false
            held.forEach { $0.resume() }
            held = []
        }

        var waiting: Int { held.count }
    }

    private let photos = (0..<8).map { Photo(path: "/photos/p\($0).jpg", fileSize: 100, modificationTime: 1) }

    @MainActor
    private func preloader(_ decoder: Decoder, budget: Int = 160 << 20) -> PhotoPreloader {
        PhotoPreloader(side: 1000, budget: budget) { path, _ in await decoder.decode(path) }
    }

    @MainActor
    private func focus(_ preloader: PhotoPreloader, _ index: Int) {
        preloader.focus(on: photos[index], previous: Array(photos[..<index].reversed()),
                        next: Array(photos[(index + 1)...]))
    }

    @MainActor
    private func settle(_ preloader: PhotoPreloader) async {
        while preloader.decoding != nil { await preloader.decodeEnded() }
    }

    @MainActor
    func testTheWindowMovesWithTheStepsAndDropsWhatFallsOut() async {
        let decoder = Decoder()
        let preloader = preloader(decoder)
        focus(preloader, 0)
        await settle(preloader)
        XCTAssertEqual(preloader.heldPaths, ["/photos/p0.jpg", "/photos/p1.jpg", "/photos/p2.jpg"])
        focus(preloader, 1)
        await settle(preloader)
        XCTAssertEqual(preloader.heldPaths, Set([0, 1, 2, 3].map { "/photos/p\($0).jpg" }), "one behind, two ahead")
        focus(preloader, 4)
        await settle(preloader)
        XCTAssertEqual(preloader.heldPaths, Set([3, 4, 5, 6].map { "/photos/p\($0).jpg" }))
        let asked = await decoder.asked
        XCTAssertEqual(asked, ["p0.jpg", "p1.jpg", "p2.jpg", "p3.jpg", "p4.jpg", "p5.jpg", "p6.jpg"],
                       "each decoded once, the shown one first, then ahead before behind")
    }

    @MainActor
    func testItNeverHoldsMoreThanItsBudget() async {
        let decoder = Decoder(bytes: 40 << 20)
        let preloader = preloader(decoder, budget: 100 << 20)
        for index in [0, 1, 2, 3] {
            focus(preloader, index)
            await settle(preloader)
            XCTAssertLessThanOrEqual(preloader.bytesHeld, 100 << 20)
            XCTAssertTrue(preloader.heldPaths.contains("/photos/p\(index).jpg"), "the shown photo is kept first")
        }
        XCTAssertEqual(preloader.heldPaths.count, 2)
    }

    @MainActor
    func testPhotosSteppedOverAreNeverDecodedAndDecodesNeverPileUp() async {
        let decoder = Decoder(holding: true)
        let preloader = preloader(decoder)
        focus(preloader, 0)
        while await decoder.waiting == 0 { await Task.yield() }
        XCTAssertEqual(preloader.decoding, "/photos/p0.jpg")
        for index in 1...4 { focus(preloader, index) }  // a held key: 1, 2 and 3 only passed through
        XCTAssertEqual(preloader.decoding, "/photos/p0.jpg", "a decode under way ends before another starts")
        await decoder.release()
        await settle(preloader)
        let asked = await decoder.asked
        XCTAssertEqual(asked, ["p0.jpg", "p4.jpg", "p5.jpg", "p6.jpg", "p3.jpg"])
        XCTAssertEqual(preloader.heldPaths, Set([3, 4, 5, 6].map { "/photos/p\($0).jpg" }),
                       "nothing of p0, whose decode ended after it left the window")
    }

    @MainActor
    func testAPhotoChangedOnDiskIsDecodedAgain() async {
        let decoder = Decoder()
        let preloader = preloader(decoder)
        focus(preloader, 0)
        await settle(preloader)
        let rewritten = Photo(path: photos[0].path, fileSize: 101, modificationTime: 2)
        XCTAssertNotNil(preloader.pixels(for: photos[0]))
        XCTAssertNil(preloader.pixels(for: rewritten), "rotated or rated in the file since")
        preloader.side = 2000
        XCTAssertNil(preloader.pixels(for: photos[0]), "a new window size drops what was decoded for the old one")
    }

    /// Photos are decoded to fit the window's picture area exactly, so
    /// they are drawn as they are, not scaled on every frame.
    @MainActor
    func testPhotosAreDecodedToFitTheViewport() async {
        func photo(_ width: Int, _ height: Int, orientation: Int = 1) -> Photo {
            var photo = Photo(path: "/photos/\(width)x\(height)-\(orientation).jpg", fileSize: 1, modificationTime: 1)
            photo.metadata = PhotoMetadata(pixelWidth: width, pixelHeight: height, orientation: orientation)
            return photo
        }
        let sides = Locked<[Int]>([])
        let preloader = PhotoPreloader(side: 1280) { _, side in
            sides.withLock { $0.append(side) }
            return PixelData(width: 1, height: 1, stride: 4, bytes: Data(count: 4))
        }
        XCTAssertEqual(preloader.side(for: photo(4000, 3000)), 1280, "the monitor's side until the window is known")
        preloader.viewport = (900, 650)
        XCTAssertEqual(preloader.side(for: photo(4000, 3000)), 866, "4000×3000 into 900×650: 866×650")
        XCTAssertEqual(preloader.side(for: photo(4000, 3000, orientation: 6)), 650, "turned: 488×650")
        XCTAssertEqual(preloader.side(for: photo(400, 300)), 400, "never past its own size")
        XCTAssertEqual(preloader.side(for: Photo(path: "/photos/unread.jpg", fileSize: 1, modificationTime: 1)), 900,
                       "its size not read yet: the viewport's longer side")
        let big = photo(4000, 3000)
        preloader.focus(on: big, previous: [], next: [])
        while preloader.decoding != nil { await preloader.decodeEnded() }
        XCTAssertNotNil(preloader.pixels(for: big))
        preloader.viewport = (1200, 800)
        XCTAssertNil(preloader.pixels(for: big), "decoded for another size: dropped")
        preloader.focus(on: big, previous: [], next: [])
        while preloader.decoding != nil { await preloader.decodeEnded() }
        XCTAssertEqual(sides.withLock { $0 }, [866, 1066])
    }

    // MARK: Stand-ins

    /// A preloader whose window is 900 × 500, holding nothing yet; it
    /// decodes nothing here (pixels are given to it with `keep`).
    @MainActor
    private func standInPreloader() -> PhotoPreloader {
        let preloader = PhotoPreloader(side: 1280) { _, side in
            PixelData(width: side, height: side, stride: side * 4, bytes: Data(count: side * side * 4))
        }
        preloader.viewport = (900, 500)
        return preloader
    }

    /// `p.jpg` before the folder's scan read its size (it fits the window's
    /// longer side, 900), and once it did: 3000 × 2000 fits at 750 × 500.
    private let unread = Photo(path: "/photos/p.jpg", fileSize: 100, modificationTime: 1)
    private func read(fileSize: Int64 = 100, modificationTime: Int = 1) -> Photo {
        var photo = Photo(path: "/photos/p.jpg", fileSize: fileSize, modificationTime: modificationTime)
        photo.metadata = PhotoMetadata(pixelWidth: 3000, pixelHeight: 2000)
        return photo
    }

    private func pixels(side: Int) -> PixelData {
        PixelData(width: side, height: side * 2 / 3, stride: side * 4, bytes: Data(count: side * (side * 2 / 3) * 4))
    }

    /// A stand-in is larger than wanted, shown scaled down while the exact
    /// pixels are decoded. Pixels decoded at the side wanted are no stand-in
    /// (`pixels(for:)` gives them, and the window asks no decode), nor are
    /// pixels decoded smaller: scaled up, they would show blurred.
    @MainActor
    func testAStandInIsDecodedLargerThanWanted() {
        let preloader = standInPreloader()
        XCTAssertNil(preloader.standIn(for: read()), "nothing held")
        XCTAssertEqual(preloader.side(for: unread), 900)
        XCTAssertEqual(preloader.side(for: read()), 750)
        let large = pixels(side: 900)
        preloader.keep(large, for: unread)
        XCTAssertEqual(preloader.standIn(for: read()), large, "decoded at 900, wanted at 750: a stand-in")
        XCTAssertNil(preloader.pixels(for: read()), "not the pixels wanted")
        XCTAssertEqual(preloader.pixels(for: unread), large)
        XCTAssertNil(preloader.standIn(for: unread), "decoded at the side wanted: the pixels, not a stand-in")
        preloader.keep(pixels(side: 750), for: read())
        XCTAssertNil(preloader.standIn(for: unread), "decoded at 750, wanted at 900: smaller is no stand-in")
    }

    /// A stand-in is of the file as it is now: one rated or turned since
    /// (another size or time) is not shown for it, even for a moment.
    @MainActor
    func testAStandInIsOfTheFileAsItIsNow() {
        let preloader = standInPreloader()
        let large = pixels(side: 900)
        preloader.keep(large, for: unread)
        XCTAssertEqual(preloader.standIn(for: read()), large, "the same file")
        XCTAssertNil(preloader.standIn(for: read(fileSize: 101)), "written again since: another size")
        XCTAssertNil(preloader.standIn(for: read(modificationTime: 2)), "written again since: another time")
    }
}
