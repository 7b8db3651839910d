import Foundation
import Imaging
@testable import LightboxCore
import XCTest

/// How sharp photos are, on pictures made with known blur: the measure
/// orders them, the focus area decides where it is taken, and a folder is
/// measured in the background, kept in the index, sorted and filtered by it.
final class SharpnessTests: XCTestCase {
    /// 320 × 240 of fine detail (a seeded pattern of grey levels), blurred
    /// by a box of `radius` pixels each way (0: as made); `blurredRight`:
    /// only the right half blurred.
    static func pattern(blur radius: Int, blurredRight: Bool = false) -> PixelData {
        let width = 320, height = 240
        var state: UInt32 = 12345
        var levels = [Int](repeating: 0, count: width * height)
        for index in levels.indices {
            state = state &* 1_664_525 &+ 1_013_904_223
            levels[index] = Int(state >> 24)
        }
        var blurred = levels
        if radius > 0 {
            for y in 0..<height {
                for x in (blurredRight ? width / 2 : 0)..<width {
                    var sum = 0, count = 0
                    for dy in -radius...radius {
                        for dx in -radius...radius {
                            let (u, v) = (x + dx, y + dy)
                            guard u >= 0, u < width, v >= 0, v < height else { continue }
                            sum += levels[v * width + u]
                            count += 1
                        }
                    }
                    blurred[y * width + x] = sum / count
                }
            }
        }
        var rgba = [UInt8]()
        rgba.reserveCapacity(width * height * 4)
        for level in blurred { rgba += [UInt8(level), UInt8(level), UInt8(level), 255] }
        return PixelData(width: width, height: height, rgba: Data(rgba))
    }

    func testMoreBlurMeasuresLessSharp() {
        let measures = [0, 1, 2, 4].map { Self.pattern(blur: $0).sharpness() }
        XCTAssertEqual(measures, measures.sorted(by: >), "\(measures)")
        XCTAssertGreaterThan(measures[0], 2 * measures[1], "a blur of one pixel halves it at least: \(measures)")
        XCTAssertEqual(PixelData(width: 10, height: 10, rgba: Data(repeating: 128, count: 400)).sharpness(), 0,
                       "a flat picture has no detail")
    }

    func testTheMeasureIsTakenWhereTheCameraFocused() {
        let half = Self.pattern(blur: 3, blurredRight: true)
        let left = half.sharpness(where: [FocusArea(x: 0.25, y: 0.5, width: 0.2, height: 0.2)])
        let right = half.sharpness(where: [FocusArea(x: 0.75, y: 0.5, width: 0.2, height: 0.2)])
        XCTAssertGreaterThan(left, 3 * right, "in focus on the sharp half: \(left) against \(right)")
        // A point grows to a sixth of the frame around it, still on its half.
        let point = half.sharpness(where: [FocusArea(x: 0.2, y: 0.5, width: 0, height: 0)])
        XCTAssertEqual(point, left, accuracy: left * 0.25)
    }

    /// Five photos blurred 0, 1, 2, 3 and 5 pixels, named so that name
    /// order is not sharpness order.
    private static let blurs = ["c": 0, "a": 1, "e": 2, "b": 3, "d": 5]

    private func folder() throws -> Scratch {
        let scratch = Scratch()
        for (name, blur) in Self.blurs {
            try Imaging.encode(Self.pattern(blur: blur), to: scratch.path("\(name).png").path, as: .png)
        }
        return scratch
    }

    @MainActor
    func testAFolderIsMeasuredInTheBackgroundSortedSharpestFirstAndFiltered() async throws {
        let scratch = try folder()
        let index = try LibraryIndex()
        let list = PhotoListLogic(library: PhotoLibrary(index: index),
                                  trash: FolderTrash(folder: scratch.path("../\(UUID().uuidString)")))
        await list.sendAndSettle(.sort(PhotoOrder(.name)))
        await list.sendAndSettle(.openFolderAt(scratch.url.standardizedFileURL.path))
        await list.measured()
        XCTAssertFalse(list.state.shown.contains { $0.sharpness == nil }, "every photo measured")

        await list.sendAndSettle(.sort(PhotoOrder(.sharpness)))
        XCTAssertEqual(list.state.shown.map(\.title), ["c", "a", "e", "b", "d"], "sharpest first")
        let sharpest = try XCTUnwrap(list.state.shown.first), softest = try XCTUnwrap(list.state.shown.last)
        XCTAssertEqual(list.sharpnessRank(of: sharpest)?.described, "Sharpest of 5 in this folder")
        XCTAssertEqual(list.sharpnessRank(of: softest)?.described, "Softest of 5 in this folder")
        XCTAssertEqual(list.sharpnessRank(of: list.state.shown[1])?.described, "Sharper than 75 % of this folder")

        // The sharpest quarter of five: the two sharpest, the rest hidden, not changed.
        await list.sendAndSettle(.onlySharpest(true))
        XCTAssertEqual(list.state.shown.map(\.title), ["c", "a"])
        XCTAssertTrue(list.state.filter.narrows)
        await list.sendAndSettle(.onlySharpest(false))
        XCTAssertEqual(list.state.shown.count, 5)

        // Kept in the index: the folder opened again is not measured again.
        let kept = try index.files(under: scratch.url.standardizedFileURL.path)
        XCTAssertEqual(kept.values.compactMap(\.measures).count, 5)
        withExtendedLifetime(scratch) {}
    }

    /// The survey runs between a person's steps, never beside them: its
    /// decodes wait until photo windows have asked for nothing for a while.
    func testIdleDecodesWaitUntilPhotoWindowsAreQuiet() throws {
        let scratch = Scratch()
        try PhotoFixtures.jpeg(at: scratch.path("a.jpg"))
        let path = scratch.path("a.jpg").path
        let pool = DecoderPool(.standard())
        _ = try pool.decodeForDisplay(path: path, maxSize: 64, priority: .interactive)
        let start = ContinuousClock.now
        _ = try pool.decodeForDisplay(path: path, maxSize: 64, priority: .idle)
        let waited = ContinuousClock.now - start
        XCTAssertGreaterThanOrEqual(waited, DecoderPool.idleAfter - .milliseconds(100), "waited \(waited)")
        let quiet = ContinuousClock.now
        _ = try pool.decodeForDisplay(path: path, maxSize: 64, priority: .idle)
        XCTAssertLessThan(ContinuousClock.now - quiet, .milliseconds(1000), "quiet already: at once")
        withExtendedLifetime(scratch) {}
    }

    /// 200 × 100, mid grey with the first `white` columns white: a share
    /// of `white` / 200 clipped.
    static func clipped(columns white: Int) -> PixelData {
        var rgba = [UInt8]()
        for _ in 0..<100 {
            for x in 0..<200 { rgba += x < white ? [255, 255, 255, 255] : [128, 128, 128, 255] }
        }
        return PixelData(width: 200, height: 100, rgba: Data(rgba))
    }

    @MainActor
    func testClippedHighlightsAreMeasuredAndFilteredAtTheLevelChosen() async throws {
        let scratch = Scratch()
        // None, 2 % and 30 % clipped.
        for (name, columns) in ["none": 0, "speck": 4, "sky": 60] {
            try Imaging.encode(Self.clipped(columns: columns), to: scratch.path("\(name).png").path, as: .png)
        }
        let list = PhotoListLogic(library: PhotoLibrary(index: try LibraryIndex()),
                                  trash: FolderTrash(folder: scratch.path("../\(UUID().uuidString)")))
        await list.sendAndSettle(.sort(PhotoOrder(.name)))
        await list.sendAndSettle(.openFolderAt(scratch.url.standardizedFileURL.path))
        await list.measured()
        let clipped = Dictionary(uniqueKeysWithValues: list.state.shown.map { ($0.title, $0.highlightsClipped ?? -1) })
        XCTAssertEqual(clipped["none"] ?? -1, 0, accuracy: 1e-6)
        XCTAssertEqual(clipped["speck"] ?? -1, 0.02, accuracy: 1e-6)
        XCTAssertEqual(clipped["sky"] ?? -1, 0.30, accuracy: 1e-6)

        await list.sendAndSettle(.clippedFilter(0.01))
        XCTAssertEqual(list.state.shown.map(\.title), ["sky", "speck"])
        await list.sendAndSettle(.clippedFilter(0.05))
        XCTAssertEqual(list.state.shown.map(\.title), ["sky"])
        await list.sendAndSettle(.clippedFilter(nil))
        XCTAssertEqual(list.state.shown.count, 3)
        withExtendedLifetime(scratch) {}
    }

    func testAMeasureIsKeptOnlyForTheFileAsItWasMeasured() throws {
        let index = try LibraryIndex()
        try index.save([IndexedFile(path: "/p/a.jpg", size: 10, modificationTime: 5, metadata: nil)])
        let measures = PhotoMeasures(sharpness: 7.5, highlightsClipped: 0.02)
        try index.saveMeasures([LibraryIndex.Measured(path: "/p/a.jpg", size: 10, modificationTime: 5, measures: measures),
                                LibraryIndex.Measured(path: "/p/a.jpg", size: 11, modificationTime: 5,
                                                      measures: PhotoMeasures(sharpness: 9, highlightsClipped: 0))])
        XCTAssertEqual(try index.files(under: "/p")["/p/a.jpg"]?.measures, measures)
        // Read again (the file changed): the measure goes with the old file.
        try index.save([IndexedFile(path: "/p/a.jpg", size: 12, modificationTime: 6, metadata: nil)])
        XCTAssertNil(try index.files(under: "/p")["/p/a.jpg"]?.measures)
    }
}
