import Foundation
import GtkKit
import GtkTestSupport
import Imaging
@testable import Lightbox
import LightboxCore
import XCTest

/// The scheduler against a provider that answers only when the test says.
final class ThumbnailSchedulerTests: DisplayTestCase {
    @MainActor
    private final class HeldThumbnails: ThumbnailProviding {
        var asked: [String] = []
        var promoted: [String] = []
        var cancelled: [String] = []
        var memory: [ThumbnailSource: Result<Texture, ThumbnailError>] = [:]
        private var waiting: [String: CheckedContinuation<Result<Texture, ThumbnailError>, Never>] = [:]

        func cached(_ source: ThumbnailSource) -> Result<Texture, ThumbnailError>? { memory[source] }

        func texture(for source: ThumbnailSource, priority: ThumbnailLoader.Priority)
            async throws(CancellationError) -> Result<Texture, ThumbnailError> {
            let name = (source.path as NSString).lastPathComponent
            asked.append(name)
            let result = await withTaskCancellationHandler {
                await withCheckedContinuation { waiting[name] = $0 }
            } onCancel: {
                Task { @MainActor in self.cancelled.append(name); self.answer(name, .failure(ThumbnailError(reason: "x"))) }
            }
            if Task.isCancelled { throw CancellationError() }
            return result
        }

        func prioritize(_ sources: [ThumbnailSource]) {
            promoted += sources.map { ($0.path as NSString).lastPathComponent }
        }

        func answer(_ name: String, _ result: Result<Texture, ThumbnailError>) {
            waiting.removeValue(forKey: name)?.resume(returning: result)
        }
    }

    func testLoadsWhatIsWantedOnScreenFirstAndDropsWhatIsNot() { onMain {
        let photos = samplePhotos(4)  // photo-000 … photo-003
        let provider = HeldThumbnails()
        let scheduler = ThumbnailScheduler(provider: provider)
        var delivered: [String] = []
        scheduler.onThumbnail = { photo, _ in delivered.append(photo.title) }

        scheduler.want(onScreen: [photos[0]], nearby: [photos[1], photos[2]])
        spin(until: { provider.asked.count == 3 }, "three loads")
        XCTAssertEqual(provider.promoted, ["photo-000.jpg"], "the one on screen goes first")

        // Scrolled: photo-001 and -002 are no longer near; -003 is.
        scheduler.want(onScreen: [photos[0]], nearby: [photos[3]])
        spin(until: { provider.cancelled.count == 2 }, "the far loads cancelled")
        XCTAssertEqual(Set(provider.cancelled), ["photo-001.jpg", "photo-002.jpg"])
        XCTAssertEqual(provider.asked.filter { $0 == "photo-000.jpg" }.count, 1, "a load under way is not repeated")

        let texture = Texture(PixelData(width: 1, height: 1, rgba: Data([1, 2, 3, 255])))
        provider.answer("photo-000.jpg", .success(texture))
        provider.answer("photo-003.jpg", .failure(ThumbnailError(reason: "The file is empty.")))
        spin(until: { delivered.count == 2 }, "two thumbnails")
        XCTAssertEqual(Set(delivered), ["photo-000", "photo-003"], "cancelled ones are never delivered")
        XCTAssertTrue(scheduler.loading.isEmpty)

        provider.memory[photos[1].thumbnailSource] = .success(texture)
        XCTAssertNotNil(scheduler.cached(photos[1]))
        scheduler.want(onScreen: [photos[2]], nearby: [])
        spin(until: { provider.asked.count == 5 }, "a new load")
        scheduler.cancelAll()
        spin(until: { provider.cancelled.count == 3 }, "cancelled on close")
        XCTAssertTrue(scheduler.loading.isEmpty)
    } }
}
