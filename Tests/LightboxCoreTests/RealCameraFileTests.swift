import Foundation
import Imaging
@testable import LightboxCore
import XCTest

/// Files from real cameras and libjxl's conformance set that showed
/// defects (issue 44), in Tests/Fixtures/real (see its SOURCES.md).
final class RealCameraFileTests: XCTestCase {
    private let decoders = DecoderPool(.standard())

    private func real(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/real/\(name)").standardizedFileURL.path
    }

    private func failure(_ path: String, maxSize: Int = 256) -> ImageError? {
        do {
            _ = try decoders.decode(path: path, maxSize: maxSize)
            return nil
        } catch {
            return error
        }
    }

    /// Runs djxl (Debian: libjxl-tools) on `source`, writing `output`.
    private func djxl(_ source: String, _ output: URL) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/djxl") else {
            throw Problem("djxl is not installed (Debian: libjxl-tools): run scripts/install-deps.sh --test")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/djxl")
        process.arguments = [source, output.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "djxl \(source)")
    }

    /// The largest difference of a channel between two pictures of one size.
    private func largestDifference(_ a: PixelData, _ b: PixelData) -> Int {
        var largest = 0
        for y in stride(from: 0, to: a.height, by: 3) {
            for x in stride(from: 0, to: a.width, by: 3) {
                let (p, q) = (a.rgb(x: x, y: y), b.rgb(x: x, y: y))
                largest = max(largest, abs(p.r - q.r), abs(p.g - q.g), abs(p.b - q.b))
            }
        }
        return largest
    }

    // MARK: 1. GoPro GPR

    func testAGoProGPRIsListedAsARAWAndSaysItCannotBeShownNotThatItIsDamaged() throws {
        let gpr = real("gopro_hero7black.gpr")
        XCTAssertTrue(PhotoFormat.extensions.contains("gpr"))
        XCTAssertTrue(PhotoFormat.isRaw("/card/GOPR8513.GPR"))
        for size in [128, 256, 2560] {
            let error = try XCTUnwrap(failure(gpr, maxSize: size), "no preview, VC-5 sensor data: nothing to show")
            XCTAssertEqual(error.kind, .unsupportedFile, "\(size)")
            XCTAssertEqual(error.message, "Lightbox cannot show this kind of RAW file: it holds no preview, "
                + "and its sensor data is compressed in a way Lightbox cannot read.")
            // The grid says the same, not "damaged or incomplete".
            XCTAssertEqual(ThumbnailCache.reason(for: error).reason, error.message)
        }
    }

    // MARK: 2. JPEG XL turned by its codestream

    /// ExifTool's stripped RW2 keeps an 8 × 8 white JPEG where the camera's
    /// preview was, and no sensor data: a placeholder, not the photo. It was
    /// shown stretched over the window; it is no picture at any size.
    func testAPlaceholderPreviewIsNotShownAsThePhoto() throws {
        let stripped = real("panasonic_lx3_stripped.rw2")
        for size in [128, 256, 4096] {
            XCTAssertNotNil(failure(stripped, maxSize: size), "at \(size) px: a message, not an 8 × 8 placeholder")
        }
        // A camera's real thumbnail, 160 × 120, still serves.
        XCTAssertEqual(try decoders.decode(path: real("fujifilm_s5pro_stripped.raf"), maxSize: 4096).pixels.width, 160)
    }

    func testTurnedJxlFilesDecodeTheWayDjxlShowsThem() throws {
        let scratch = Scratch()
        // A real photo, orientation 5: 500 × 606 stored, 606 × 500 shown,
        // RGB rows of 1818 bytes (not a multiple of 4).
        let bench = real("bench_oriented_ori5_exif.jxl")
        let decoded = try decoders.decode(path: bench, maxSize: 4096)
        XCTAssertEqual([decoded.width, decoded.height], [606, 500])
        let reference = scratch.path("bench.png")
        try djxl(bench, reference)
        let shown = try decoders.decode(path: reference.path, maxSize: 4096)
        XCTAssertEqual([shown.width, shown.height], [606, 500])
        XCTAssertLessThanOrEqual(largestDifference(decoded.pixels, shown.pixels), 2, "djxl's picture, the same way up")

        // Orientation 7 (anti-transposed) of an RGB picture of an odd size.
        let source = try TestImages.jpeg(scratch.path("source.jpg"), width: 302, height: 201, orientation: 7) { x, y in
            (UInt8(truncatingIfNeeded: x * 255 / 302), UInt8(truncatingIfNeeded: y * 255 / 201), y < 40 ? 255 : 0)
        }
        let turned = scratch.path("turned.jxl")
        let cjxl = Process()
        cjxl.executableURL = URL(fileURLWithPath: "/usr/bin/cjxl")
        cjxl.arguments = [source.path, turned.path]
        cjxl.standardOutput = FileHandle.nullDevice
        cjxl.standardError = FileHandle.nullDevice
        try cjxl.run()
        cjxl.waitUntilExit()
        let image = try decoders.decode(path: turned.path, maxSize: 4096)
        XCTAssertEqual([image.width, image.height], [201, 302])
        try djxl(turned.path, scratch.path("turned.png"))
        let expected = try decoders.decode(path: scratch.path("turned.png").path, maxSize: 4096)
        XCTAssertLessThanOrEqual(largestDifference(image.pixels, expected.pixels), 2)

        // libjxl's conformance file, orientation 7 with alpha.
        let sunset = try decoders.decodeForDisplay(path: real("sunset_logo_ori7.jxl"), maxSize: 2560)
        XCTAssertEqual([sunset.width, sunset.height], [924, 1386])
    }

    // MARK: 3. WebP's EXIF orientation

    func testAWebPIsTurnedByItsEXIFOrientationAsAJPEGIs() throws {
        let webp = real("nikon_p7000_ori6.webp")
        // 3648 × 2736 stored, orientation 6: portrait, in the grid and the window.
        let thumbnail = try decoders.decode(path: webp, maxSize: 256)
        XCTAssertEqual([thumbnail.width, thumbnail.height], [192, 256])
        XCTAssertEqual([thumbnail.originalWidth, thumbnail.originalHeight], [3648, 2736], "as a JPEG's: as stored")
        let window = try decoders.decodeForDisplay(path: webp, maxSize: 1024)
        XCTAssertEqual([window.width, window.height], [768, 1024])

        // The same picture as a JPEG with the same orientation, turned alike.
        let scratch = Scratch()
        let stored = try decoders.decode(path: webp, maxSize: 4096).pixels
        XCTAssertEqual([stored.width, stored.height], [2736, 3648])
        let jpeg = try TestImages.jpeg(scratch.path("same.jpg"), width: 64, height: 48, orientation: 6)
        let turnedJPEG = try decoders.decode(path: jpeg.path, maxSize: 64)
        XCTAssertEqual([turnedJPEG.width, turnedJPEG.height], [48, 64], "the JPEG it was made from showed so")
    }

    // MARK: 4. RAW files cut short

    /// A NEF (1024 px preview before its sensor data) cut in its sensor data.
    private func cutNEF(_ scratch: Scratch) throws -> (whole: String, cut: String) {
        let whole = try RawSamples.write("nef", at: scratch.path("DSC_0001.NEF"), previews: ["1024x683"])
        let bytes = try Data(contentsOf: whole)
        let cut = scratch.path("DSC_0002.NEF")
        try bytes.prefix(bytes.count / 2).write(to: cut)
        return (whole.path, cut.path)
    }

    func testARAWCutShortShowsItsPreviewMarkedIncompleteTheSameWayEveryTime() throws {
        let scratch = Scratch()
        let nef = try cutNEF(scratch)
        // ARW: the first 100,000 bytes (its 160 px thumbnail); RAF: stripped
        // to its thumbnail; the NEF: its 1024 px preview kept.
        let expected: [(String, [Int])] = [
            (real("sony_zv-e10_truncated.arw"), [120, 160]), (real("fujifilm_s5pro_stripped.raf"), [160, 120]),
            (nef.cut, [1024, 683]),
        ]
        for (path, largest) in expected {
            for size in [128, 256, 2560] {
                var seen: Set<[Int]> = []
                for _ in 0..<20 {
                    let image = try decoders.decode(path: path, maxSize: size)
                    XCTAssertTrue(image.isFromIncompleteFile, "\(path) at \(size)")
                    XCTAssertGreaterThan(image.originalWidth, 0)
                    seen.insert([image.width, image.height])
                }
                XCTAssertEqual(seen.count, 1, "\(path) at \(size): one answer, every time")
                if size >= 2560 { XCTAssertEqual(seen.first, largest, "\(path): its largest preview") }
            }
            let window = try decoders.decodeForDisplay(path: path, maxSize: 2560, inFull: true)
            XCTAssertTrue(window.isFromIncompleteFile, "what the photo window marks")
            XCTAssertEqual(window.origin, .cameraPreview)
        }
        let whole = try decoders.decodeForDisplay(path: nef.whole, maxSize: 2560)
        XCTAssertFalse(whole.isFromIncompleteFile, "a whole file is not marked")
    }
}
