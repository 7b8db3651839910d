import Foundation
import Imaging
import XCTest

final class PixelDataTests: XCTestCase {
    /// The 32-bit words of premultiplied pixels, as a renderer reads them.
    private func words(_ pixels: PixelData) -> [UInt32] {
        pixels.bytes.withUnsafeBytes { Array($0.bindMemory(to: UInt32.self)) }
    }

    func testPremultipliedPixelsAreARGBWordsWithTheColourScaledByAlpha() {
        // Opaque red, half-transparent white, a fully transparent colour;
        // rows padded to 16 bytes as decoders pad them.
        let rows: [UInt8] = [255, 0, 0, 255, 255, 255, 255, 128, 0, 0, 0, 0,
                             10, 20, 30, 255, 40, 80, 120, 0]
        let padded = Data(rows[0..<12] + [0, 0, 0, 0] + rows[12..<20] + [9, 9, 9, 9, 9, 9, 9, 9])
        let pixels = PixelData(width: 3, height: 2, stride: 16, bytes: padded)
        let shown = pixels.premultiplied()
        XCTAssertEqual(shown.format, .premultipliedARGB32)
        XCTAssertEqual(shown.stride, 12, "rows of whole words, no padding")
        XCTAssertEqual(shown.bytes.count, 24)
        XCTAssertEqual(words(shown)[0], 0xFFFF_0000, "opaque red")
        XCTAssertEqual(words(shown)[1], 0x8080_8080, "white at half alpha is half grey, premultiplied")
        XCTAssertEqual(words(shown)[3], 0xFF0A_141E, "opaque colours keep their channels")
        XCTAssertEqual(words(shown)[4], 0, "a transparent pixel has no colour left")
        XCTAssertEqual(shown.premultiplied(), shown, "converting again changes nothing")
    }

    func testPixelsMadeForDisplayKeepOneBufferThatOthersCanShare() {
        let pixels = PixelData(width: 2, height: 1, rgba: Data([255, 0, 0, 255, 0, 0, 255, 255]))
        let shown = pixels.premultiplied()
        XCTAssertTrue(shown.sharedBuffer() === shown.sharedBuffer(), "shared, not copied")
        XCTAssertEqual(Array(shown.sharedBuffer().bytes), Array(shown.bytes))
        // Pixels kept in Data (as decoded) are copied into a buffer once asked.
        let copied = pixels.sharedBuffer()
        XCTAssertFalse(copied === pixels.sharedBuffer())
        XCTAssertEqual(Array(copied.bytes), Array(pixels.bytes))
        // Read as Data, the bytes are a copy: changing it leaves the buffer
        // (which a texture may be showing) as it was written.
        weak var buffer: PixelBuffer?
        do {
            let made = PixelData(width: 16, height: 1, rgba: Data(repeating: 255, count: 64)).premultiplied()
            buffer = made.sharedBuffer()
            var bytes = made.bytes
            bytes[0] = 0
            XCTAssertEqual(made.withUnsafeBytes { $0[0] }, 255)
            XCTAssertEqual(made.byteCount, 64)
            XCTAssertNotNil(buffer)
        }
        XCTAssertNil(buffer, "freed with the pixels")
    }

    func testADecodedImageConvertsForDisplayStraightFromTheDecoder() throws {
        let scratch = Scratch()
        let path = scratch.url.appendingPathComponent("alpha.png").path
        var rgba = Data()
        for index in 0..<(5 * 3) { rgba += [UInt8(index * 17), 200, UInt8(255 - index * 9), UInt8(index * 18)] }
        try Imaging.encode(PixelData(width: 5, height: 3, rgba: rgba), to: path, as: .png)
        let image = try Imaging.decode(path: path, maxSize: 64)
        XCTAssertEqual(image.premultipliedPixels, image.pixels.premultiplied())
        XCTAssertEqual(image.premultipliedPixels.format, .premultipliedARGB32)
        XCTAssertEqual(image.premultipliedPixels.width, 5)
    }

    func testOnlyStraightRGBAPixelsCanBeWrittenToAFile() {
        let scratch = Scratch()
        let pixels = PixelData(width: 2, height: 2, rgba: Data(repeating: 200, count: 16))
        let path = scratch.url.appendingPathComponent("ok.png").path
        XCTAssertNoThrow(try Imaging.encode(pixels, to: path, as: .png))
        XCTAssertThrowsError(try Imaging.encode(pixels.premultiplied(), to: path, as: .png))
    }
}
