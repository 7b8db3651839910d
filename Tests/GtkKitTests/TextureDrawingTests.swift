import Foundation
import GtkKit
import GtkTestSupport
import XCTest

/// Pictures and frames draw textures through cairo surfaces over the
/// textures' own pixels while windows are drawn by cairo (GTK 4.8's cairo
/// renderer would convert every pixel on every frame): the same picture,
/// and no pixel read after its owner let it go.
final class TextureDrawingTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    /// Four quadrants of four colours, `width` × `height`, premultiplied
    /// (one half transparent), with rows wider than the picture whose
    /// padding must never be shown.
    private static let quadrants: [UInt32] = [0xffd0_3020, 0xff20_80d0, 0x8040_6010, 0xfff0_f0f0]

    private final class Pixels: Sendable {
        nonisolated(unsafe) let bytes: UnsafeMutableRawBufferPointer
        nonisolated(unsafe) static var released = 0
        let width: Int, height: Int, stride: Int

        init(width: Int, height: Int) {
            self.width = width
            self.height = height
            stride = width * 4 + 24
            bytes = .allocate(byteCount: stride * height, alignment: 16)
            bytes.initializeMemory(as: UInt8.self, repeating: 0xab)
            for y in 0..<height {
                for x in 0..<width {
                    let colour = TextureDrawingTests.quadrants[(y < height / 2 ? 0 : 2) + (x < width / 2 ? 0 : 1)]
                    bytes.storeBytes(of: colour, toByteOffset: y * stride + x * 4, as: UInt32.self)
                }
            }
        }

        deinit {
            // Gone for good: whatever still read them would draw black.
            bytes.initializeMemory(as: UInt8.self, repeating: 0)
            bytes.deallocate()
            Pixels.released += 1
        }
    }

    @MainActor
    private static func texture(of pixels: Pixels) -> Texture {
        Texture(DetachedTexture(sharing: UnsafeRawBufferPointer(pixels.bytes), keptBy: pixels,
                                format: .premultipliedARGB32, width: pixels.width, height: pixels.height,
                                stride: pixels.stride))
    }

    /// The picture `draw` makes, drawn by a cairo renderer, once by GTK
    /// drawing the texture and once through a cairo surface.
    @MainActor
    private static func bothWays(_ draw: () -> DrawnFrame?) -> (gtk: [UInt32], surface: [UInt32]) {
        let before = TextureDrawing.throughCairo
        defer { TextureDrawing.throughCairo = before }
        TextureDrawing.throughCairo = false
        let gtk = draw()?.drawnWithCairo() ?? []
        TextureDrawing.throughCairo = true
        let surface = draw()?.drawnWithCairo() ?? []
        return (gtk, surface)
    }

    private static func assertClose(_ drawn: [UInt32], _ expected: [UInt32], _ what: String,
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(drawn.count, expected.count, what, file: file, line: line)
        let far = zip(drawn, expected).enumerated().filter { _, pair in
            (0..<4).contains { shift in
                let a = Int(pair.0 >> (8 * shift) & 0xff), b = Int(pair.1 >> (8 * shift) & 0xff)
                return abs(a - b) > 1
            }
        }
        XCTAssertTrue(far.isEmpty, "\(what): \(far.count) pixels differ, the first at \(far.first?.offset ?? -1): "
                      + "\(String(far.first?.element.0 ?? 0, radix: 16)) for \(String(far.first?.element.1 ?? 0, radix: 16))",
                      file: file, line: line)
    }

    func testAPictureDrawsThroughCairoWhatGTKDrawsFromItsTexture() { onMain {
        let pixels = Pixels(width: 40, height: 30)
        let picture = Picture()
        picture.setTexture(Self.texture(of: pixels))
        for (width, height) in [(40, 30), (80, 60), (20, 15), (57, 23)] {
            let drawn = Self.bothWays { DrawnFrame(picture, width: width, height: height) }
            XCTAssertFalse(drawn.surface.isEmpty)
            Self.assertClose(drawn.surface, drawn.gtk, "at \(width)×\(height)")
            // Each corner shows its quadrant's colour, no row's padding.
            XCTAssertEqual(drawn.surface[0], Self.quadrants[0])
            XCTAssertEqual(drawn.surface[width - 1], Self.quadrants[1])
            XCTAssertEqual(drawn.surface[(height - 1) * width], Self.quadrants[2])
            XCTAssertEqual(drawn.surface[height * width - 1], Self.quadrants[3])
        }
    } }

    /// Focus points: a yellow line with a dark edge where the outline is,
    /// the same width on screen at any size, the photo untouched elsewhere.
    func testOutlinesAreDrawnOverThePictureAtTheirPlaceAtAnySize() { onMain {
        let pixels = Pixels(width: 40, height: 30)
        let picture = Picture()
        // A box in the upper left quadrant, and a point in the lower right.
        picture.setTexture(Self.texture(of: pixels), outlines: [
            Picture.Outline(x: 0.25, y: 0.25, width: 0.25, height: 0.25),
            Picture.Outline(x: 0.75, y: 0.75, width: 0, height: 0),
        ])
        // GNOME's Yellow 2, as cairo rounds it (a level either way).
        let isYellow = { (word: UInt32) in
            zip([0xff, 0xf8, 0xe4, 0x5c], [24, 16, 8, 0]).allSatisfy { abs(Int(word >> UInt32($1) & 0xff) - $0) <= 1 }
        }
        for (width, height) in [(400, 300), (800, 600)] {
            let drawn = Self.bothWays { DrawnFrame(picture, width: width, height: height) }
            Self.assertClose(drawn.surface, drawn.gtk, "at \(width)×\(height)")
            let at = { (x: Int, y: Int) in drawn.surface[y * width + x] }
            // The box's left edge: from x = 0.125 of the width, 2 px of yellow.
            let left = width / 8, middle = height / 4
            XCTAssertTrue(isYellow(at(left, middle)), "the box's left edge at \(width)")
            XCTAssertTrue(isYellow(at(left + 1, middle)))
            XCTAssertFalse(isYellow(at(left + 3, middle)), "2 px wide at any size")
            XCTAssertEqual(at(width / 4, middle), Self.quadrants[0], "inside the box, the photo")
            // The point: a square of 24 px (or 4 % of the shorter side) around it.
            let side = max(24, height * 4 / 100)
            XCTAssertTrue(isYellow(at(width * 3 / 4 - side / 2, height * 3 / 4)), "the point's square at \(width)")
            XCTAssertEqual(at(width * 3 / 4, height * 3 / 4), Self.quadrants[3])
        }
        picture.setTexture(Self.texture(of: pixels), outlines: [])
        let plain = Self.bothWays { DrawnFrame(picture, width: 400, height: 300) }.surface
        XCTAssertFalse(plain.contains(where: isYellow), "no outline, nothing drawn over the photo")
    } }

    func testAFrameDrawsThroughCairoWhatGTKDrawsFromItsTexture() { onMain {
        let pixels = Pixels(width: 64, height: 48)
        let frame = FramePaintable(width: 96, height: 96)
        frame.content = Self.texture(of: pixels)
        // At its own size (a frame never scales up), centred: 64 × 48 at
        // (16, 24).
        let drawn = Self.bothWays { DrawnFrame(frame, width: 96, height: 96) }
        Self.assertClose(drawn.surface, drawn.gtk, "a thumbnail in its cell")
        XCTAssertEqual(drawn.surface[24 * 96 + 16], Self.quadrants[0])
        XCTAssertEqual(drawn.surface[71 * 96 + 79], Self.quadrants[3])
        XCTAssertEqual(drawn.surface[23 * 96 + 48], 0, "nothing above the picture")
        XCTAssertEqual(drawn.surface[48 * 96 + 15], 0, "nor beside it")
    } }

    /// A window keeps the frame it drew until it draws the next; the photo
    /// it showed goes before that. The frame keeps its own copy; the
    /// pixels go with the photo: at once when small, on a thread of their
    /// own when big (over 8 MiB: a photo at 100 %), the copy made there.
    @MainActor
    private static func assertFrameOutlivesItsTexture(width: Int, height: Int, drawnAt frameSize: (Int, Int),
                                                      releasedAtOnce once: Bool,
                                                      file: StaticString = #filePath, line: UInt = #line) {
        let before = TextureDrawing.throughCairo
        defer { TextureDrawing.throughCairo = before }
        TextureDrawing.throughCairo = true
        let picture = Picture()
        let released = Pixels.released
        do {
            picture.setTexture(texture(of: Pixels(width: width, height: height)))
        }
        guard let frame = DrawnFrame(picture, width: frameSize.0, height: frameSize.1) else {
            return XCTFail("nothing drawn", file: file, line: line)
        }
        let expected = frame.drawnWithCairo()
        picture.setTexture(nil)
        if once {
            XCTAssertEqual(Pixels.released, released + 1, "the photo's pixels go with the photo, not with a frame",
                           file: file, line: line)
        } else {
            spin(until: { Pixels.released == released + 1 }, "the pixels let go, elsewhere")
        }
        XCTAssertEqual(frame.drawnWithCairo(), expected, "the frame drawn keeps its own copy", file: file, line: line)
        XCTAssertEqual(expected?.first, quadrants[0], file: file, line: line)
        XCTAssertEqual(expected?.last, quadrants[3], file: file, line: line)
    }

    func testAFrameDrawnBeforeItsTextureWentStillShowsItAfter() { onMain {
        Self.assertFrameOutlivesItsTexture(width: 40, height: 30, drawnAt: (80, 60), releasedAtOnce: true)
    } }

    func testABigTextureGoneElsewhereStillShowsInTheFrameThatDrewIt() { onMain {
        // 2,100 × 1,000 with padded rows: over 8 MiB.
        Self.assertFrameOutlivesItsTexture(width: 2100, height: 1000, drawnAt: (210, 100), releasedAtOnce: false)
    } }

    func testAWindowDrawnByCairoDrawsTexturesThroughCairo() {
        // The suites run windows with GTK's cairo renderer (scripts/test.sh).
        XCTAssertEqual(ProcessInfo.processInfo.environment["GSK_RENDERER"], "cairo",
                       "this test wants windows drawn by cairo")
        onMain {
            let before = TextureDrawing.throughCairo
            defer { TextureDrawing.throughCairo = before }
            TextureDrawing.throughCairo = false
            let window = Window()
            window.present()
            // Realized as it is shown.
            spin(until: { TextureDrawing.throughCairo }, "textures drawn through cairo")
            window.destroy()
        }
    }
}
