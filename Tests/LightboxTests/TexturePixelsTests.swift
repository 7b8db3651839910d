import Foundation
import GtkKit
import GtkTestSupport
import Imaging
@testable import Lightbox
import XCTest

final class TexturePixelsTests: DisplayTestCase {
    func testAPhotosTextureSharesItsPixelsInsteadOfCopyingThem() { onMain {
        weak var buffer: PixelBuffer?
        var finalized = false
        do {
            var texture: Texture?
            do {
                let decoded = PixelData(width: 3, height: 2, rgba: Data(repeating: 90, count: 24))
                let shown = decoded.premultiplied()  // as a photo window gets them
                buffer = shown.sharedBuffer()
                texture = Texture(shown)
            }
            XCTAssertEqual(texture?.width, 3)
            XCTAssertNotNil(buffer, "the texture shows the pixels' own buffer")
            texture?.onFinalize { finalized = true }
            texture = nil
        }
        XCTAssertTrue(finalized)
        XCTAssertNil(buffer, "freed with the texture")
    } }
}
