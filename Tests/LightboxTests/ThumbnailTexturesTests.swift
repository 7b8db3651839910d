import Foundation
import GtkKit
import GtkTestSupport
import Imaging
@testable import Lightbox
import LightboxCore
import XCTest

final class ThumbnailTexturesTests: DisplayTestCase {
    func testTexturesAreMadeOnceAtTheShownSizeAndKeptWithinTheLimit() throws { try onMain {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lightbox-textures-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var sources: [ThumbnailSource] = []
        for index in 0..<3 {
            let path = folder.appendingPathComponent("photo-\(index).jpg").path
            let pixels = PixelData(width: 400, height: 300, rgba: Data(repeating: UInt8(60 * index), count: 400 * 300 * 4))
            try Imaging.encode(pixels, to: path, as: .jpeg(quality: 80))
            sources.append(try XCTUnwrap(ThumbnailSource(path: path)))
        }
        let directories = XDGDirectories(environment: ["HOME": folder.path,
                                                       "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path])
        let loader = ThumbnailLoader(cache: ThumbnailCache(directories: directories), size: .large,
                                     fitting: GridZoom.standard.points, memoryLimit: 0)
        // Room for two 180 × 135 textures, not three.
        let textures = ThumbnailTextures(loader: loader, memoryLimit: 2 * (180 * 135 * 4 + 64))

        @MainActor func load(_ source: ThumbnailSource) -> Texture? {
            final class Answer { var value: Result<Texture, ThumbnailError>? }
            let answer = Answer()
            let task = Task { @MainActor in answer.value = try? await textures.texture(for: source, priority: .visible) }
            MainLoop.iterate(until: { answer.value != nil }, timeout: 10)
            task.cancel()
            return try? answer.value?.get()
        }

        let first = try XCTUnwrap(load(sources[0]))
        XCTAssertEqual([first.width, first.height], [180, 135], "made at the size a cell shows")
        let again = try XCTUnwrap(try textures.cached(sources[0])?.get())
        XCTAssertTrue(again === first, "the same texture is shared, not made again")
        XCTAssertTrue(try XCTUnwrap(load(sources[0])) === first)
        XCTAssertEqual(loader.memoryUsage, 0, "the loader keeps no pixels of its own")

        _ = try XCTUnwrap(load(sources[1]))
        _ = try XCTUnwrap(load(sources[2]))
        XCTAssertLessThanOrEqual(textures.memoryUsage, textures.memoryLimit)
        XCTAssertNil(textures.cached(sources[0]), "the least recently used went first")
        XCTAssertNotNil(textures.cached(sources[2]))
    } }
}
