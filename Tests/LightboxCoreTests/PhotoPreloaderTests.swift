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
}
