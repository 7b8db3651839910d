import Foundation
import Imaging
@testable import LightboxCore
import XCTest

/// A photo window and the camera's focus points: what it says of each
/// photo, F (Show Focus Point) and Z (Zoom to Focus Point), through its
/// intents and state.
@MainActor
final class FocusPointViewerTests: XCTestCase {
    /// Four 6000 × 4000 photos: the first focused upper left and turned by
    /// orientation 6, the second focused by hand, the third with a note
    /// whose frame is portrait, the last with no maker notes.
    private func line() -> PhotoLine {
        let line = PhotoLine(count: 4)
        let areas = CameraFocus.areas([FocusArea(x: 0.2, y: 0.25, width: 0.05, height: 0.1)],
                                      frame: FrameShape(width: 6000, height: 4000))
        let focuses: [CameraFocus?] = [
            areas, .manual,
            .areas([FocusArea(x: 0.5, y: 0.5, width: 0, height: 0)], frame: FrameShape(width: 4000, height: 6000)), nil,
        ]
        for (index, focus) in focuses.enumerated() {
            line.photos[index].metadata = PhotoMetadata(pixelWidth: 6000, pixelHeight: 4000,
                                                        orientation: index == 0 ? 6 : 1, focus: focus)
        }
        return line
    }

    /// Decodes to a picture of the photo's shape (turned by orientation 6
    /// for the first), `side` on its longer side, noting each side asked.
    private final class Sides: Sendable {
        let asked = Locked<[String: [Int]]>([:])

        func decode(_ path: String, _ side: Int) -> PixelData {
            asked.withLock { $0[path, default: []].append(side) }
            let (width, height) = path.hasSuffix("/0.jpg") ? (side * 2 / 3, side) : (side, side * 2 / 3)
            return PixelData(width: width, height: height, stride: width * 4, bytes: Data(count: width * height * 4))
        }

        /// Returns once `path` was asked at `side`, or after two seconds.
        func waitFor(_ path: String, at side: Int) async {
            for _ in 0..<200 where !(asked.withLock { $0[path] ?? [] }).contains(side) {
                try? await Task.sleep(for: .milliseconds(10))
            }
        }
    }

    func testEachPhotoSaysWhereItsCameraFocusedTurnedAsShown() async throws {
        let line = line(), sides = Sides()
        let viewer = PhotoViewerLogic(photo: line.photos[0], sequence: line, displaySide: 1200,
                                      decode: { path, side in sides.decode(path, side) })
        await viewer.sendAndSettle(.load)
        // (0.2, 0.25) turned a quarter clockwise lands at (0.75, 0.2).
        guard case .areas(let areas)? = viewer.state.focus, let area = areas.first else {
            return XCTFail("\(String(describing: viewer.state.focus))")
        }
        XCTAssertEqual(area.x, 0.75, accuracy: 1e-6)
        XCTAssertEqual(area.y, 0.2, accuracy: 1e-6)
        XCTAssertEqual(area.width, 0.1, accuracy: 1e-6)
        XCTAssertEqual(viewer.state.focus?.described, "Upper right")
        await viewer.sendAndSettle(.next)
        XCTAssertEqual(viewer.state.focus, .manual)
        await viewer.sendAndSettle(.next)
        XCTAssertEqual(viewer.state.focus, .mismatched, "a portrait note on landscape pixels is not drawn")
        await viewer.sendAndSettle(.next)
        XCTAssertEqual(viewer.state.focus, .notRecorded)
        XCTAssertEqual(viewer.state.focus?.spoken, "Focus point: Not recorded")
    }

    /// A window opened from the command line shows its photo before the
    /// folder's details are read: the focus comes once they are.
    func testAWindowOpenedBeforeTheDetailsWereReadShowsTheFocusOnceTheyAre() async throws {
        let scratch = Scratch()
        let real = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/real/canon_5d3_ori8.jpg").standardizedFileURL
        try FileManager.default.copyItem(at: real, to: scratch.path("canon.jpg"))
        let list = PhotoListLogic(library: PhotoLibrary(index: try LibraryIndex()),
                                  trash: FolderTrash(folder: scratch.path("../\(UUID().uuidString)")))
        let unread = Photo(path: scratch.path("canon.jpg").standardizedFileURL.path, fileSize: 1, modificationTime: 1)
        let viewer = PhotoViewerLogic(photo: unread, sequence: list, decode: { _, side in
            PixelData(width: side * 2 / 3, height: side, stride: side * 8 / 3, bytes: Data(count: side * side * 8 / 3))
        })
        viewer.onState = { _ in }
        var told = 0
        // As the flow does: the list's news goes to its photo windows.
        list.onOutput = { output in
            guard case .photosChanged = output else { return }
            told += 1
            viewer.send(.photosChanged)
        }
        await viewer.sendAndSettle(.load)
        XCTAssertEqual(viewer.state.focus, .notRecorded)
        await list.sendAndSettle(.openFolderAt(scratch.url.standardizedFileURL.path))
        await viewer.settled()
        XCTAssertGreaterThan(told, 0, "the list tells its windows the details were read")
        guard case .areas(let areas)? = viewer.state.focus else {
            return XCTFail("the focus read is not shown: \(String(describing: viewer.state.focus))")
        }
        XCTAssertEqual(areas.count, 5)
        withExtendedLifetime(scratch) {}
    }

    /// Details read while the photo is still being decoded: the photo
    /// presented is the one read, not the one the decode began with.
    func testDetailsReadDuringTheDecodeAreThoseShown() async throws {
        let line = PhotoLine(count: 1)
        let (opened, opening) = AsyncStream<Void>.makeStream()
        let viewer = PhotoViewerLogic(photo: line.photos[0], sequence: line, decode: { _, side in
            for await _ in opened { break }
            return PixelData(width: side, height: side * 2 / 3, stride: side * 4, bytes: Data(count: side * side * 8 / 3))
        })
        viewer.send(.load)
        line.photos[0].metadata = PhotoMetadata(pixelWidth: 6000, pixelHeight: 4000, focus: .manual)
        viewer.send(.photosChanged)
        opening.yield()
        await viewer.settled()
        XCTAssertEqual(viewer.state.picture.photo?.metadata?.focus, .manual)
        XCTAssertEqual(viewer.state.focus, .manual)
    }

    func testFShowsTheFocusPointsAndTellsTheOtherWindowsOnce() async throws {
        let line = line(), sides = Sides()
        let viewer = PhotoViewerLogic(photo: line.photos[0], sequence: line, displaySide: 1200,
                                      decode: { path, side in sides.decode(path, side) })
        let heard = LogicRecorder(viewer)
        await viewer.sendAndSettle(.load)
        XCTAssertFalse(viewer.state.showsFocusPoints)
        await viewer.sendAndSettle(.toggleFocusPoints)
        XCTAssertTrue(viewer.state.showsFocusPoints)
        XCTAssertEqual(heard.outputs, [.showsFocusPointsChanged(true)])
        await viewer.sendAndSettle(.next)
        XCTAssertTrue(viewer.state.showsFocusPoints, "kept from photo to photo")
        await viewer.sendAndSettle(.followShowsFocusPoints(false))
        XCTAssertFalse(viewer.state.showsFocusPoints)
        XCTAssertEqual(heard.outputs, [.showsFocusPointsChanged(true)], "another window's change is not told back")
    }

    func testZDecodesThePhotoAndItsNeighboursInFullAndBackToFitted() async throws {
        let line = line(), sides = Sides()
        let viewer = PhotoViewerLogic(photo: line.photos[1], sequence: line, displaySide: 1200,
                                      decode: { path, side in sides.decode(path, side) })
        await viewer.sendAndSettle(.load)
        await viewer.sendAndSettle(.viewport(width: 900, height: 600))
        guard case .presenting(_, let fitted) = viewer.state.picture else { return XCTFail("not shown") }
        XCTAssertEqual(fitted.width, 900)

        await viewer.sendAndSettle(.toggleZoomToFocusPoint)
        XCTAssertTrue(viewer.state.zoomsToFocusPoint)
        guard case .presenting(_, let full) = viewer.state.picture else { return XCTFail("not shown") }
        XCTAssertEqual(full.width, 6000, "the photo shown in full")
        // The neighbours are decoded in full ahead, so a step shows 100 % at once.
        await sides.waitFor("/p/2.jpg", at: 6000)
        await sides.waitFor("/p/0.jpg", at: 6000)
        var first: PhotoViewerLogic.State.Picture?
        viewer.onState = { if first == nil { first = $0.picture } }
        viewer.send(.next)
        guard case .presenting(let photo, let pixels)? = first else {
            return XCTFail("the step waited: \(String(describing: first))")
        }
        XCTAssertEqual(photo.path, "/p/2.jpg")
        XCTAssertEqual(pixels.width, 6000)
        await viewer.settled()

        await viewer.sendAndSettle(.toggleZoomToFocusPoint)
        XCTAssertFalse(viewer.state.zoomsToFocusPoint)
        guard case .presenting(_, let again) = viewer.state.picture else { return XCTFail("not shown") }
        XCTAssertEqual(again.width, 900, "fitted to the window again")
    }
}
