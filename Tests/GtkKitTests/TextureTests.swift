import Foundation
import GtkKit
import GtkTestSupport
import XCTest

final class TextureTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    /// Makes a texture on a thread of its own, as a photo window does.
    private func makeOnAnotherThread(width: Int, height: Int) -> DetachedTexture {
        // Written by the thread before it signals, read after the wait.
        nonisolated(unsafe) var made: DetachedTexture?
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            XCTAssertFalse(Thread.isMainThread)
            let pixels = [UInt8](repeating: 0x80, count: width * height * 4)
            made = DetachedTexture(pixels: pixels, format: .premultipliedARGB32, width: width, height: height,
                                   stride: width * 4)
            done.signal()
        }
        thread.start()
        done.wait()
        return made!
    }

    func testATextureMadeOffTheMainThreadIsTakenOverByOneTexture() {
        let made = makeOnAnotherThread(width: 3, height: 2)
        onMain {
            var finalized = false
            do {
                let texture = Texture(made)
                XCTAssertEqual(texture.width, 3)
                XCTAssertEqual(texture.height, 2)
                texture.onFinalize { finalized = true }
            }
            // `made` is still here: had it kept a reference, the texture
            // would still be alive.
            XCTAssertTrue(finalized, "the texture's one reference was the one handed over")
        }
        withExtendedLifetime(made) {}
    }

    /// Pixels in memory of a test's own, freed when their owner goes.
    private final class Pixels: Sendable {
        nonisolated(unsafe) let bytes: UnsafeMutableRawBufferPointer
        init(count: Int) {
            bytes = .allocate(byteCount: count, alignment: 16)
            bytes.initializeMemory(as: UInt8.self, repeating: 0x40)
        }
        deinit { bytes.deallocate() }
    }

    func testASharedTextureKeepsItsPixelsOwnerExactlyAsLongAsItNeedsThem() {
        onMain {
            weak var owner: Pixels?
            var finalized = false
            do {
                var texture: Texture?
                do {
                    let pixels = Pixels(count: 4 * 3 * 4)
                    owner = pixels
                    texture = Texture(DetachedTexture(sharing: UnsafeRawBufferPointer(pixels.bytes), keptBy: pixels,
                                                      format: .premultipliedARGB32, width: 4, height: 3, stride: 16))
                }
                XCTAssertEqual(texture?.width, 4)
                XCTAssertNotNil(owner, "the texture keeps the pixels it shows")
                texture?.onFinalize { finalized = true }
                texture = nil
            }
            XCTAssertTrue(finalized)
            XCTAssertNil(owner, "and lets them go with the texture")
        }
    }
}
