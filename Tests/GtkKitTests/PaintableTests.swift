import Foundation
import GtkKit
import GtkTestSupport
import XCTest

final class PaintableTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    @MainActor
    private static func texture(width: Int, height: Int) -> Texture {
        Texture(pixels: Data(repeating: 0xff, count: width * height * 4), format: .premultipliedARGB32,
                width: width, height: height, stride: width * 4)
    }

    func testAFramesContentChangesWithoutChangingItsSize() { onMain {
        let frame = FramePaintable(width: 180, height: 180)
        var redraws = 0, resizes = 0
        _ = frame.connect("invalidate-contents") { _ in redraws += 1 }
        _ = frame.connect("invalidate-size") { _ in resizes += 1 }
        frame.content = Self.texture(width: 180, height: 120)
        XCTAssertEqual(frame.size.width, 180)
        XCTAssertEqual(frame.size.height, 180)
        frame.content = Self.texture(width: 40, height: 300)
        frame.content = nil
        XCTAssertEqual(frame.size.width, 180)
        XCTAssertEqual(frame.size.height, 180)
        XCTAssertEqual(redraws, 3, "each change redraws")
        XCTAssertEqual(resizes, 0, "no change asks for a new layout")
        frame.content = nil
        XCTAssertEqual(redraws, 3, "showing the same thing again is no change")
    } }

    func testAFrameLetsGoOfWhatItShowed() { onMain {
        let frame = FramePaintable(width: 64, height: 64)
        var finalized = false
        do {
            let texture = Self.texture(width: 32, height: 32)
            texture.onFinalize { finalized = true }
            frame.content = texture
        }
        XCTAssertFalse(finalized, "the frame keeps what it shows")
        frame.content = Self.texture(width: 16, height: 16)
        XCTAssertTrue(finalized, "the texture it no longer shows is freed")
    } }

    func testIconTexturesAreDrawnOnceAtTheirSize() { onMain {
        let label = Label("Icons take this widget's colour")
        let dim = Texture.icon("image-missing-symbolic", size: 48, opacity: 0.45, colorOf: label)
        XCTAssertEqual(dim?.width, 48)
        XCTAssertEqual(dim?.height, 48)
        XCTAssertTrue(dim === Texture.icon("image-missing-symbolic", size: 48, opacity: 0.45, colorOf: label),
                      "the same icon in the same colour is one texture")
        let full = Texture.icon("image-missing-symbolic", size: 48, colorOf: label)
        XCTAssertNotNil(full)
        XCTAssertFalse(dim === full, "another opacity is another texture")
    } }
}
