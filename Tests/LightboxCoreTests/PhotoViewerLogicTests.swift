import Imaging
import Foundation
@testable import LightboxCore
import XCTest

/// A photo window's logic over a real list: decoding, stepping, rating and
/// leaving a photo that left the folder.
final class PhotoViewerLogicTests: XCTestCase {
    /// A photo window over a real list, its edits going to the list as the
    /// flow sends them.
    @MainActor
    private func viewer(over names: [String], showing index: Int = 0) async throws
        -> (PhotoViewerLogic, PhotoListLogic, Scratch, TestFolderWatcher) {
        let scratch = Scratch()
        for name in names { try PhotoFixtures.jpeg(at: scratch.path("\(name).jpg")) }
        try Data("not a photo".utf8).write(to: scratch.path("0broken.jpg"))
        let disk = TestFolderWatcher()
        let list = PhotoListLogic(library: PhotoLibrary(index: try LibraryIndex()),
                                  trash: FolderTrash(folder: scratch.path("../\(UUID().uuidString)")),
                                  watching: disk.factory)
        await list.sendAndSettle(.sort(PhotoOrder(.name)))
        await list.sendAndSettle(.openFolderAt(scratch.url.standardizedFileURL.path))
        let viewer = PhotoViewerLogic(photo: list.state.shown[index], sequence: list)
        viewer.onOutput = { [weak list] output in
            if case .edit(let edit) = output { list?.send(.edit(edit)) }
        }
        return (viewer, list, scratch, disk)
    }

    @MainActor
    func testLoadsStepsAndRatesTellingEveryState() async throws {
        let (viewer, list, scratch, _) = try await viewer(over: ["a", "b", "c"], showing: 1)  // broken, a, b, c
        var heard: [String] = []
        viewer.onState = { state in
            switch state.picture {
            case .loading(let photo): heard.append("loading \(photo.title)")
            case .presenting(let photo, _): heard.append("showing \(photo.title) \(photo.rating)")
            case .failed(let photo, _): heard.append("failed \(photo.title)")
            case .gone: heard.append("gone")
            }
        }
        await viewer.sendAndSettle(.load)
        guard case .presenting(_, let pixels) = viewer.state.picture else { return XCTFail() }
        XCTAssertGreaterThan(pixels.width, 0)
        XCTAssertTrue(viewer.state.position.hasPrevious)
        XCTAssertEqual(viewer.state.position.place, .init(index: 1, count: 4), "a of broken, a, b, c")
        await viewer.sendAndSettle(.next)
        viewer.send(.rate(5))
        let shown = try XCTUnwrap(viewer.state.picture.photo)
        XCTAssertEqual(shown.rating, 5, "shown at once")
        XCTAssertEqual(list.photo(at: shown.path)?.rating, 5, "the list (and its index) keeps it")
        viewer.send(.previous)
        await viewer.sendAndSettle(.previous)
        guard case .failed(let broken, let reason) = viewer.state.picture else { return XCTFail("\(viewer.state)") }
        XCTAssertEqual(broken.title, "0broken")
        XCTAssertFalse(reason.isEmpty)
        XCTAssertFalse(viewer.state.position.hasPrevious)
        await viewer.sendAndSettle(.previous)
        XCTAssertEqual(viewer.state.picture.photo?.title, "0broken", "nothing before the first photo")
        // b, a's next neighbour, is decoded ahead while a shows: when that
        // is done before the step, b shows at once, without a loading state.
        XCTAssertEqual(heard.filter { $0 != "loading b" },
                       ["loading a", "showing a 0", "showing b 0", "showing b 5",
                        "showing a 0", "loading 0broken", "failed 0broken"])
        withExtendedLifetime(scratch) {}
    }

    @MainActor
    func testARemovedPhotoGivesWayToItsNeighboursThenTheWindowIsDone() async throws {
        let (viewer, list, scratch, disk) = try await viewer(over: ["a", "b"], showing: 1)  // broken, a, b
        // What the flow does with what the list says of its photos.
        list.onOutput = { [weak viewer] output in
            if case .photoRemoved = output { viewer?.send(.photoRemoved) }
        }
        await viewer.sendAndSettle(.load)
        await list.sendAndSettle(.trashPhoto(try XCTUnwrap(viewer.state.picture.photo?.path)))
        await viewer.settled()
        XCTAssertEqual(viewer.state.picture.photo?.title, "b", "the next one")
        try FileManager.default.removeItem(at: scratch.path("b.jpg"))
        disk.tell(.removed(try XCTUnwrap(viewer.state.picture.photo?.path)))
        await list.settled()
        await viewer.settled()
        XCTAssertEqual(viewer.state.picture.photo?.title, "0broken", "then the previous one")
        disk.tell(.removed(try XCTUnwrap(viewer.state.picture.photo?.path)))
        await list.settled()
        await viewer.settled()
        let gone = viewer.state
        XCTAssertEqual(gone.picture, .gone)
        XCTAssertFalse(gone.position.hasNext)
        await viewer.sendAndSettle(.next)
        XCTAssertEqual(viewer.state.picture, .gone, "nothing moves once gone")
    }
}

/// Stepping in a photo window with its neighbours decoded ahead.
final class PhotoViewerSteppingTests: XCTestCase {
    /// Decodes on demand, recording each photo asked for.
    private actor Gate {
        private(set) var asked: [String] = []
        private var open = true
        private var held: [CheckedContinuation<Void, Never>] = []

        func decode(_ path: String) async -> PixelData {
            asked.append(Photo.stemForTests(path))
            if !open { await withCheckedContinuation { held.append($0) } }
            return PixelData(width: 4, height: 4, stride: 16, bytes: Data(count: 64))
        }

        func close() { open = false }
        func release() {
            open = true
            held.forEach { $0.resume() }
            held = []
        }
    }

    /// The decodes a window asks for, counted: a test waits until the
    /// photos ahead are decoded (the window's own tasks do not include
    /// decoding ahead, which goes on while someone looks).
    private final class Decodes: Sendable {
        private let counts = Locked((started: 0, ended: 0))

        func counting(_ decode: @escaping PhotoPreloader.Decode) -> PhotoPreloader.Decode {
            { [counts] path, side throws(ImageError) in
                counts.withLock { $0.started += 1 }
                defer { counts.withLock { $0.ended += 1 } }
                return try await decode(path, side)
            }
        }

        /// Returns once no decode has run for a while.
        func idle() async {
            var quiet = 0
            var last = counts.withLock { $0 }
            while quiet < 5 {
                try? await Task.sleep(for: .milliseconds(10))
                let now = counts.withLock { $0 }
                quiet = now.started == now.ended && now.started == last.started ? quiet + 1 : 0
                last = now
            }
        }
    }

    /// A rotation shows at once: the decoded pixels turned, the photo's
    /// orientation turned in the list (which writes it).
    @MainActor
    func testARotationShowsTheTurnedPixelsAtOnce() async {
        let line = PhotoLine(count: 10)
        let viewer = PhotoViewerLogic(photo: line.photos[1], sequence: line) { _, _ in
            PixelData(width: 6, height: 4, stride: 24, bytes: Data((0..<96).map { UInt8($0) }))
        }
        line.follow(viewer)
        await viewer.sendAndSettle(.load)
        await viewer.sendAndSettle(.rotateRight)
        guard case .presenting(let photo, let pixels) = viewer.state.picture else {
            return XCTFail("\(viewer.state)")
        }
        XCTAssertEqual([pixels.width, pixels.height], [4, 6])
        XCTAssertEqual(photo.metadata?.orientation, 6)
        XCTAssertEqual(line.photos[1].metadata?.orientation, 6, "the list turns it (and writes it)")
        await viewer.sendAndSettle(.rotateLeft)
        guard case .presenting(_, let back) = viewer.state.picture else { return XCTFail() }
        XCTAssertEqual(back.bytes, Data((0..<96).map { UInt8($0) }), "there and back: the same pixels")

        // Two turns asked at once: the second turns what the first showed.
        viewer.send(.rotateRight)
        viewer.send(.rotateRight)
        await viewer.settled()
        guard case .presenting(let turned, let halfway) = viewer.state.picture else { return XCTFail() }
        let original = PixelData(width: 6, height: 4, stride: 24, bytes: Data((0..<96).map { UInt8($0) }))
        XCTAssertEqual(halfway.bytes, original.turned(clockwise: true).turned(clockwise: true).bytes, "half a turn")
        XCTAssertEqual(turned.metadata?.orientation, 3)
    }

    /// The window's picture area known (or resized): the photo is decoded
    /// again to fit it, and the one shown stays until then (no loading).
    @MainActor
    func testAViewportChangeRedecodesToFitWithoutShowingLoading() async {
        let line = PhotoLine(count: 10)
        line.photos[0].metadata = PhotoMetadata(pixelWidth: 4000, pixelHeight: 3000)
        let sides = Locked<[Int]>([])
        let viewer = PhotoViewerLogic(photo: line.photos[0], sequence: line, displaySide: 1280) { _, side in
            sides.withLock { $0.append(side) }
            return PixelData(width: side, height: side * 3 / 4, stride: side * 4, bytes: Data(count: side * side * 3))
        }
        await viewer.sendAndSettle(.load)
        var states: [String] = []
        viewer.onState = { state in
            switch state.picture {
            case .presenting(_, let pixels): states.append("presenting \(pixels.width)")
            default: states.append("\(state.picture)")
            }
        }
        await viewer.sendAndSettle(.viewport(width: 900, height: 650))
        XCTAssertEqual(states, ["presenting 866"], "no loading state in between")
        let asked = sides.withLock { $0 }
        XCTAssertEqual(asked.first, 1280, "before the window was laid out: the monitor's side")
        XCTAssertTrue(asked.contains(866), "\(asked)")
        await viewer.sendAndSettle(.viewport(width: 900, height: 650))
        XCTAssertEqual(states.count, 1, "the same size again: nothing")
    }

    /// A photo opened before its folder's scan read its size (from the
    /// command line): decoded at the monitor's side first, then, once the
    /// window is laid out, again to fit it, and shown so.
    @MainActor
    func testAPhotoOfUnknownSizeIsDecodedAgainToFitTheWindow() async {
        let line = PhotoLine(count: 10)
        XCTAssertNil(line.photos[0].metadata)
        let sides = Locked<[Int]>([])
        let viewer = PhotoViewerLogic(photo: line.photos[0], sequence: line, displaySide: 1280) { _, side in
            sides.withLock { $0.append(side) }
            return PixelData(width: side, height: side * 2 / 3, stride: side * 4, bytes: Data(count: side * side * 8 / 3))
        }
        await viewer.sendAndSettle(.load)
        await viewer.sendAndSettle(.viewport(width: 900, height: 650))
        guard case .presenting(_, let pixels) = viewer.state.picture else { return XCTFail("\(viewer.state)") }
        XCTAssertEqual(pixels.width, 900, "the window's longer side, not the monitor's")
        let asked = sides.withLock { $0 }
        XCTAssertEqual(asked.first, 1280, "before the window was laid out: the monitor's side")
        XCTAssertTrue(asked.contains(900), "\(asked)")
    }

    /// A neighbour decoded ahead before the folder's scan read its size
    /// (to fit the window's longer side) shows at once when stepped to, then
    /// decoded again at its own size: the first step waits for no decode.
    @MainActor
    func testANeighbourDecodedBeforeItsSizeWasKnownShowsAtOnce() async {
        let line = PhotoLine(count: 10), decodes = Decodes()
        let viewer = PhotoViewerLogic(photo: line.photos[0], sequence: line, displaySide: 1280,
                                      decode: decodes.counting { _, side in
            PixelData(width: side, height: side * 2 / 3, stride: side * 4, bytes: Data(count: side * side * 8 / 3))
        })
        await viewer.sendAndSettle(.load)
        await viewer.sendAndSettle(.viewport(width: 900, height: 500))
        await decodes.idle()
        // The scan reads the sizes: 3000 × 2000 fits the window at 750 × 500.
        for index in line.photos.indices { line.photos[index].metadata = PhotoMetadata(pixelWidth: 3000, pixelHeight: 2000) }
        var shown: [String] = []
        viewer.onState = { state in
            switch state.picture {
            case .presenting(_, let pixels): shown.append("\(pixels.width)")
            case .loading: shown.append("loading")
            default: shown.append("other")
            }
        }
        await viewer.sendAndSettle(.next)
        XCTAssertEqual(shown.first, "900", "at once, as decoded ahead: \(shown)")
        XCTAssertEqual(shown.last, "750", "then at its own size: \(shown)")
        XCTAssertFalse(shown.contains("loading"))
    }

    /// Another program rated the photo shown (the list read it again): the
    /// window shows the new rating, with the pixels it has.
    @MainActor
    func testAPhotoRatedElsewhereShowsItsNewRating() async {
        let gate = Gate(), line = PhotoLine(count: 10)
        let viewer = PhotoViewerLogic(photo: line.photos[3], sequence: line) { path, _ in await gate.decode(path) }
        await viewer.sendAndSettle(.load)
        var published = 0
        viewer.onState = { _ in published += 1 }
        viewer.send(.photosChanged)
        XCTAssertEqual(published, 0, "nothing new, nothing published")
        line.rate(path: line.photos[3].path, stars: 2)
        viewer.send(.photosChanged)
        guard case .presenting(let photo, _) = viewer.state.picture else { return XCTFail("\(viewer.state)") }
        XCTAssertEqual(photo.rating, 2)
        XCTAssertEqual(published, 1)
    }

    @MainActor
    func testANeighbourDecodedAheadShowsAtOnceAndAHeldKeyDecodesOnlyWhereItStops() async {
        let gate = Gate(), line = PhotoLine(count: 10), decodes = Decodes()
        let viewer = PhotoViewerLogic(photo: line.photos[0], sequence: line,
                                      decode: decodes.counting { path, _ in await gate.decode(path) })
        await viewer.sendAndSettle(.load)
        await decodes.idle()
        var shown: [String] = []
        viewer.onState = { state in
            if case .presenting(let photo, _) = state.picture { shown.append(photo.title) }
        }
        // The step itself shows the next photo: it is there when `send` returns.
        viewer.send(.next)
        XCTAssertEqual(shown, ["1"], "at once")
        await viewer.settled()
        XCTAssertEqual(shown, ["1"])
        await decodes.idle()

        // A held key: six steps faster than decodes.
        await gate.close()
        for _ in 0..<6 { viewer.send(.next) }
        for _ in 0..<50 { await Task.yield() }
        await gate.release()
        await viewer.settled()
        XCTAssertEqual(viewer.state.picture.photo?.title, "7")
        guard case .presenting(let shownLast, _) = viewer.state.picture else { return XCTFail("\(viewer.state)") }
        XCTAssertEqual(shownLast.title, "7")
        await decodes.idle()
        let asked = await gate.asked
        // 0, then 1 2 ahead; 3 ahead of 1; 4 ahead of 3, under way as the key
        // was held; then 7, where it stopped, and its neighbours.
        XCTAssertEqual(asked, ["0", "1", "2", "3", "4", "7", "8", "9", "6"])
    }
}

extension PhotoViewerSteppingTests {
    /// The slideshow's loop, a lasting task, has ended (it ends by itself
    /// after its last step or a stop).
    @MainActor
    private func slideshowEnded(_ viewer: PhotoViewerLogic) async -> Bool {
        await eventually { viewer.state.slideshow == nil }
    }

    @MainActor
    func testASlideshowStepsToTheLastPhotoAndAStopLeavesItWhereItIs() async {
        let gate = Gate(), line = PhotoLine(count: 10), clock = ManualClock()
        let viewer = PhotoViewerLogic(photo: line.photos[7], sequence: line, decode: { path, _ in await gate.decode(path) },
                                      clock: clock)
        await viewer.sendAndSettle(.load)
        viewer.send(.slideshowInterval(1))
        viewer.send(.startSlideshow)
        for title in ["8", "9"] {
            await clock.untilSomethingSleeps()
            clock.advance(by: .seconds(1))
            await clock.untilSomethingSleeps()
            XCTAssertEqual(viewer.state.picture.photo?.title, title, "a step a second")
        }
        clock.advance(by: .seconds(1))
        let ended = await slideshowEnded(viewer)
        XCTAssertTrue(ended)
        XCTAssertEqual(viewer.state.picture.photo?.title, "9", "to the last photo, where it ends")
        XCTAssertNil(viewer.state.slideshow)

        viewer.send(.startSlideshow)
        await clock.untilSomethingSleeps()
        for _ in 0..<5 { viewer.send(.previous) }
        await viewer.settled()
        XCTAssertEqual(viewer.state.picture.photo?.title, "4")
        viewer.send(.pauseSlideshow)
        for _ in 0..<3 {
            clock.advance(by: .seconds(1))
            await clock.untilSomethingSleeps()
        }
        XCTAssertEqual(viewer.state.picture.photo?.title, "4", "paused: three seconds and no step")
        viewer.send(.pauseSlideshow)
        clock.advance(by: .seconds(1))
        await clock.untilSomethingSleeps()
        XCTAssertEqual(viewer.state.picture.photo?.title, "5", "going on again")
        viewer.send(.stopSlideshow)
        clock.advance(by: .seconds(1))
        let stopped = await slideshowEnded(viewer)
        XCTAssertTrue(stopped)
        await viewer.settled()
        XCTAssertEqual(viewer.state.picture.photo?.title, "5")
    }

    /// The slideshow and auto-advance go with the state: each change is
    /// published, so a window renders them from `onState` alone.
    @MainActor
    func testSlideshowAndAutoAdvanceChangesArePublished() async {
        let gate = Gate(), line = PhotoLine(count: 10)
        let viewer = PhotoViewerLogic(photo: line.photos[2], sequence: line) { path, _ in await gate.decode(path) }
        await viewer.sendAndSettle(.load)
        viewer.send(.slideshowInterval(60))
        var seen: [PhotoViewerLogic.State] = []
        viewer.onState = { seen.append($0) }
        var outputs: [PhotoViewerLogic.Output] = []
        viewer.onOutput = { outputs.append($0) }

        viewer.send(.advanceAfterRating(true))
        XCTAssertEqual(seen.last?.advancesAfterRating, true)
        XCTAssertEqual(outputs, [.advancesAfterRatingChanged(true)], "the other windows follow")
        viewer.send(.startSlideshow)
        XCTAssertEqual(seen.last?.slideshow, Slideshow(interval: 60), "a slideshow starting is published")
        viewer.send(.pauseSlideshow)
        XCTAssertEqual(seen.last?.slideshow?.isPaused, true)
        viewer.send(.slideshowInterval(3))
        XCTAssertEqual(seen.last?.slideshow?.interval, 3)
        XCTAssertEqual(seen.last?.slideshowInterval, 3, "kept for the next slideshow")
        viewer.send(.stopSlideshow)
        XCTAssertNotNil(seen.last, "its end too")
        XCTAssertNil(seen.last?.slideshow, "its end too")
        XCTAssertEqual(seen.last?.slideshowInterval, 3, "the interval outlives the slideshow")
        // The stopped show's loop ends (its wait cancelled).
        try? await Task.sleep(for: .milliseconds(100))
        XCTAssertEqual(seen.count, 5, "one publication a change, none when the stopped show's loop ends")
        XCTAssertTrue(seen.allSatisfy(\.advancesAfterRating), "auto-advance goes with every state after it")
    }

    /// A slideshow starting, auto-advance turned on and a step each publish
    /// a state that carries all three, with the new photo's place.
    @MainActor
    func testAStepPublishesTheSlideshowAndAutoAdvanceWithTheNewPlace() async {
        let gate = Gate(), line = PhotoLine(count: 10), clock = ManualClock()
        let viewer = PhotoViewerLogic(photo: line.photos[2], sequence: line, decode: { path, _ in await gate.decode(path) },
                                      clock: clock)
        await viewer.sendAndSettle(.load)
        XCTAssertEqual(viewer.state.position, .init(hasPrevious: true, hasNext: true, place: .init(index: 2, count: 10)))
        viewer.send(.slideshowInterval(60))
        var seen: [PhotoViewerLogic.State] = []
        viewer.onState = { seen.append($0) }

        viewer.send(.startSlideshow)
        await clock.untilSomethingSleeps()
        XCTAssertEqual(seen.last?.slideshow, Slideshow(interval: 60))
        XCTAssertEqual(seen.last?.advancesAfterRating, false)
        viewer.send(.followAdvancesAfterRating(true))
        XCTAssertEqual(seen.last?.advancesAfterRating, true)
        XCTAssertEqual(seen.last?.slideshow, Slideshow(interval: 60), "the slideshow stays in the state")

        let before = seen.count
        await viewer.sendAndSettle(.next)
        let stepped = seen[before...]
        XCTAssertFalse(stepped.isEmpty, "a step is published")
        for state in stepped {
            XCTAssertEqual(state.slideshow, Slideshow(interval: 60))
            XCTAssertTrue(state.advancesAfterRating)
            XCTAssertEqual(state.position, .init(hasPrevious: true, hasNext: true, place: .init(index: 3, count: 10)))
        }
        guard case .presenting(let photo, _) = stepped.last?.picture else { return XCTFail("\(String(describing: stepped.last))") }
        XCTAssertEqual(photo.title, "3")

        viewer.send(.stopSlideshow)
        clock.advance(by: .seconds(1))
        let ended = await slideshowEnded(viewer)
        XCTAssertTrue(ended)
        XCTAssertEqual(seen.last?.position.place, .init(index: 3, count: 10))
    }

    /// The last photo leaving the folder mid-slideshow: the state is gone
    /// with no slideshow in it (the window leaves full screen as it
    /// closes), and the slideshow's loop ends.
    @MainActor
    func testGoneEndsTheSlideshow() async {
        let gate = Gate(), line = PhotoLine(count: 10), clock = ManualClock()
        line.photos = [line.photos[0]]
        let viewer = PhotoViewerLogic(photo: line.photos[0], sequence: line, decode: { path, _ in await gate.decode(path) },
                                      clock: clock)
        await viewer.sendAndSettle(.load)
        viewer.send(.startSlideshow)
        await clock.untilSomethingSleeps()
        XCTAssertNotNil(viewer.state.slideshow)
        line.photos = []
        await viewer.sendAndSettle(.photoRemoved)
        XCTAssertEqual(viewer.state, PhotoViewerLogic.State(picture: .gone, advancesAfterRating: false))
        var published = 0
        viewer.onState = { _ in published += 1 }
        viewer.send(.followAdvancesAfterRating(true))
        viewer.send(.pauseSlideshow)
        clock.advance(by: .seconds(1))
        try? await Task.sleep(for: .milliseconds(100))
        XCTAssertEqual(published, 0, "nothing changes once gone")
    }
}

extension Photo {
    static func stemForTests(_ path: String) -> String { String(stem(of: path)) }
}
