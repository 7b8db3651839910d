import Foundation
import Imaging
@testable import LightboxCore
import XCTest

/// Camera RAW files, written at test time by Tests/Fixtures/raw_samples.py
/// to their published layouts: the sensor data develops red, the
/// embedded previews are blue, and the top quarter of both is white as
/// stored, so a test sees which one was shown and which way it was turned.
final class RawFormatTests: XCTestCase {
    private let decoders = DecoderPool(.standard())

    @discardableResult
    private func raw(_ kind: String, at url: URL, size: String = "600x400", previews: [String] = [],
                     orientation: Int = 1) throws -> URL {
        try RawSamples.write(kind, at: url, size: size, previews: previews, orientation: orientation)
    }

    /// The colour that dominates the middle of the picture's lower half
    /// (below the white band as stored, whichever way it was turned).
    private func colour(_ pixels: PixelData, x: Int, y: Int) -> String {
        let (r, g, b) = pixels.rgb(x: x, y: y)
        if r > 200, g > 200, b > 200 { return "white" }
        if r > g + 60, r > b + 60 { return "red" }
        if b > r + 60, b > g + 60 { return "blue" }
        return "other (\(r), \(g), \(b))"
    }

    private func centre(_ image: DecodedImage) -> String {
        colour(image.pixels, x: image.width / 2, y: image.height * 5 / 8)
    }

    func testTheCamerasPreviewMakesTheThumbnail() throws {
        let scratch = Scratch()
        for (kind, name) in [("cr2", "IMG_0001.CR2"), ("nef", "DSC_0001.NEF"), ("arw", "DSC00001.ARW"),
                             ("orf", "P1000001.ORF"), ("dng-preview", "PXL_0001.dng")] {
            let file = try raw(kind, at: scratch.path(name), previews: ["1024x683"])
            let image = try decoders.decode(path: file.path, maxSize: 256)
            XCTAssertEqual([image.width, image.height], [256, 171], kind)
            XCTAssertEqual(centre(image), "blue", "\(kind): the preview, not the sensor data")
            XCTAssertEqual([image.originalWidth, image.originalHeight].max(), image.originalWidth, kind)
        }
    }

    func testADNGWithSensorDataOnlyIsDevelopedByLibRaw() throws {
        let scratch = Scratch()
        let file = try raw("dng-sensor", at: scratch.path("sensor.dng"))
        let image = try decoders.decode(path: file.path, maxSize: 256)
        XCTAssertEqual([image.width, image.height], [256, 171])
        XCTAssertEqual(centre(image), "red", "the sensor data")
        XCTAssertEqual(image.mimeType, "image/x-adobe-dng")
        XCTAssertEqual([image.originalWidth, image.originalHeight], [600, 400])
    }

    func testZoomedInARAWShowsItsSensorsPixelsNotItsSmallerPreview() throws {
        let scratch = Scratch()
        let file = try raw("nef", at: scratch.path("DSC_0002.NEF"), size: "2400x1600", previews: ["1200x800"])
        let fitted = try decoders.decodeForDisplay(path: file.path, maxSize: 2560)
        XCTAssertEqual([fitted.width, fitted.height], [1200, 800], "the preview fits the screen")
        XCTAssertEqual(colour(fitted, x: 600, y: 500), "blue")
        XCTAssertEqual(fitted.origin, .cameraPreview, "what the window says it shows")
        let whole = try decoders.decodeForDisplay(path: file.path, maxSize: 6144, inFull: true)
        XCTAssertEqual([whole.width, whole.height], [2400, 1600], "the sensor's pixels, developed")
        XCTAssertEqual(colour(whole, x: 1200, y: 1000), "red")
        XCTAssertEqual(whole.origin, .sensorData)
    }

    func testAPreviewTakesTheRAWsOrientation() throws {
        let scratch = Scratch()
        // Orientation 6: the picture turns a quarter clockwise, and the
        // band at the top as stored ends up on the right.
        for kind in ["nef", "dng-sensor"] {
            let file = try raw(kind, at: scratch.path("turned-\(kind).raw.\(kind == "nef" ? "nef" : "dng")"),
                               previews: kind == "nef" ? ["1024x683"] : [], orientation: 6)
            let image = try decoders.decode(path: file.path, maxSize: 256)
            XCTAssertEqual([image.width, image.height], [171, 256], kind)
            XCTAssertEqual(colour(image.pixels, x: image.width - 4, y: image.height / 2), "white", "\(kind): band on the right")
            XCTAssertNotEqual(colour(image.pixels, x: 4, y: image.height / 2), "white", "\(kind): not on the left")
        }
    }

    func testARAWIsNeverWrittenItsSidecarIs() throws {
        let scratch = Scratch()
        let file = try raw("nef", at: scratch.path("DSC_0003.NEF"), previews: ["1024x683"])
        let before = try Data(contentsOf: file)
        let result = try FileRatingWriter().write(4, for: file.path, storage: .photoFiles)
        XCTAssertEqual(result.written, [file.path + ".xmp"])
        XCTAssertFalse(result.photoRewritten)
        XCTAssertEqual(try Data(contentsOf: file), before, "the RAW file as it was")
        XCTAssertEqual(try ExifTool.value("XMP:Rating", of: URL(fileURLWithPath: file.path + ".xmp")), "4")
        XCTAssertThrowsError(try FileRatingWriter().writeOrientation(6, for: file.path), "a RAW is never rotated in place")
        XCTAssertEqual(try Data(contentsOf: file), before)
    }

    func testADamagedRAWSaysSoAndTheDecoderStays() throws {
        let scratch = Scratch()
        let file = scratch.path("broken.NEF")
        try Data(repeating: 0x42, count: 4096).write(to: file)
        XCTAssertThrowsError(try decoders.decode(path: file.path, maxSize: 256)) { error in
            let message = (error as? ImageError)?.message ?? "\(error)"
            XCTAssertTrue(message.contains("RAW"), message)
        }
        let good = try raw("dng-sensor", at: scratch.path("after.dng"))
        XCTAssertEqual(centre(try decoders.decode(path: good.path, maxSize: 128)), "red", "the next file still decodes")
    }
}
