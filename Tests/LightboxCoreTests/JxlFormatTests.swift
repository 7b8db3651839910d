import Foundation
import Imaging
@testable import LightboxCore
import XCTest

/// JPEG XL files, read with libjxl in the sandboxed decoders (Debian 12
/// has no gdk-pixbuf loader for them), made at test time by Debian's own
/// encoder (cjxl, libjxl-tools) from a JPEG or PNG the test writes.
final class JxlFormatTests: XCTestCase {
    private let decoders = DecoderPool(.standard())
    private let damaged = "The image is damaged or incomplete."

    /// Runs cjxl (scripts/install-deps.sh --test) on `source`, writing `output`.
    private func cjxl(_ source: URL, _ output: URL, _ options: [String] = []) throws {
        let path = "/usr/bin/cjxl"
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw Problem("cjxl is not installed (Debian: libjxl-tools): run scripts/install-deps.sh --test")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = [source.path, output.path] + options
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "cjxl \(process.arguments ?? [])")
    }

    /// Red with a white top band (rows 0–49): where the top went tells the
    /// orientation. `noisy` adds a pattern that makes the file large enough
    /// to cut short in its pixel data.
    private func colours(noisy: Bool = false) -> (Int, Int) -> (UInt8, UInt8, UInt8) {
        { x, y in
            let n = noisy ? UInt8(truncatingIfNeeded: (x &* 37) ^ (y &* 101)) / 8 : 0
            return y < 50 ? (255, 255 - n, 255 - n) : (220 - n, 20 + n, 20 + n)
        }
    }

    /// A 300×200 JPEG, stating EXIF orientation `orientation` when given.
    private func jpeg(_ scratch: Scratch, orientation: Int? = nil, noisy: Bool = false) throws -> URL {
        try TestImages.jpeg(scratch.path("source.jpg"), width: 300, height: 200, orientation: orientation,
                            fill: colours(noisy: noisy))
    }

    /// A 300×200 PNG of the same picture, its left half transparent when `alpha`.
    private func png(_ scratch: Scratch, alpha: Bool = false) throws -> URL {
        var bytes = [UInt8](TestImages.pixels(width: 300, height: 200, fill: colours()).bytes)
        if alpha {
            for y in 0..<200 {
                for x in 0..<150 { bytes[(y * 300 + x) * 4 + 3] = 0 }
            }
        }
        let url = scratch.path("source.png")
        try Imaging.encode(PixelData(width: 300, height: 200, rgba: Data(bytes)), to: url.path, as: .png)
        return url
    }

    private func pixel(_ image: DecodedImage, x: Int, y: Int) -> [UInt8] {
        let pixels = image.pixels
        let offset = y * pixels.stride + x * 4
        return Array(pixels.bytes[offset..<offset + 4])
    }

    private func assertRedWithWhiteTop(_ image: DecodedImage, file: StaticString = #filePath, line: UInt = #line) {
        let top = pixel(image, x: image.width / 2, y: 5), below = pixel(image, x: image.width / 2, y: image.height * 3 / 4)
        XCTAssertGreaterThan(Int(top[2]), 220, "the white band at the top: \(top)", file: file, line: line)
        XCTAssertGreaterThan(Int(top[1]), 220, "the white band at the top: \(top)", file: file, line: line)
        XCTAssertGreaterThan(Int(below[0]), 180, "red below: \(below)", file: file, line: line)
        XCTAssertLessThan(Int(below[1]), 70, "red below: \(below)", file: file, line: line)
        XCTAssertLessThan(Int(below[2]), 70, "red below: \(below)", file: file, line: line)
        XCTAssertEqual(below[3], 255, "opaque", file: file, line: line)
    }

    private func failure(_ path: URL, maxPixels: Int = Imaging.defaultMaxPixels) -> String? {
        do {
            _ = try decoders.decode(path: path.path, maxSize: 150, maxPixels: maxPixels)
            return nil
        } catch {
            return error.message
        }
    }

    func testJxlTranscodedFromAJPEGDecodesFittedInItsColours() throws {
        let scratch = Scratch()
        // cjxl's default for a JPEG: its DCT coefficients kept (lossless transcoding).
        let jxl = scratch.path("photo.jxl")
        try cjxl(try jpeg(scratch), jxl)
        let image = try decoders.decode(path: jxl.path, maxSize: 150)
        XCTAssertEqual([image.width, image.height], [150, 100])
        XCTAssertEqual([image.originalWidth, image.originalHeight], [300, 200])
        XCTAssertEqual(image.mimeType, "image/jxl")
        assertRedWithWhiteTop(image)
    }

    func testLossyJxlFromAPNGDecodesInItsColoursAndAtFullSize() throws {
        let scratch = Scratch()
        // A PNG is encoded lossily (VarDCT in XYB): libjxl chooses the output colours.
        let jxl = scratch.path("picture.jxl")
        try cjxl(try png(scratch), jxl, ["-d", "1"])
        let image = try decoders.decode(path: jxl.path, maxSize: 1000)
        XCTAssertEqual([image.width, image.height], [300, 200], "never enlarged")
        assertRedWithWhiteTop(image)
        let display = try decoders.decodeForDisplay(path: jxl.path, maxSize: 60)
        XCTAssertEqual([display.width, display.height], [60, 40])
    }

    func testAlphaComesThroughStraight() throws {
        let scratch = Scratch()
        let jxl = scratch.path("cut-out.jxl")
        try cjxl(try png(scratch, alpha: true), jxl, ["-d", "0"])
        let image = try decoders.decode(path: jxl.path, maxSize: 300)
        XCTAssertEqual(pixel(image, x: 50, y: 100)[3], 0, "the transparent left half")
        XCTAssertEqual(pixel(image, x: 250, y: 100), [220, 20, 20, 255], "lossless: the opaque right half exactly")
    }

    func testALargerPictureDecodesOnTheDecodersThreads() throws {
        let scratch = Scratch()
        // 1600×1200: libjxl's thread pool gets a thread a 256×256 group (up
        // to four, and the processors there are), so where there are two
        // processors this decodes on threads, under the seccomp filter.
        let source = try TestImages.jpeg(scratch.path("large.jpg"), width: 1600, height: 1200) { x, y in
            y < 300 ? (255, 255, 255) : (220, UInt8(truncatingIfNeeded: x / 64), 20)
        }
        let jxl = scratch.path("large.jxl")
        try cjxl(source, jxl, ["-j", "0"])
        let image = try decoders.decode(path: jxl.path, maxSize: 400)
        XCTAssertEqual([image.width, image.height], [400, 300])
        assertRedWithWhiteTop(image)
    }

    func testTheOrientationCJXLTakesFromEXIFIsAppliedOnce() throws {
        let scratch = Scratch()
        // cjxl 0.7 moves a JPEG's EXIF orientation into the codestream's
        // header (and keeps the EXIF box as it was); libjxl turns the
        // picture by the header, the EXIF is never applied again.
        let jxl = scratch.path("turned.jxl")
        try cjxl(try jpeg(scratch, orientation: 6), jxl)
        let image = try decoders.decode(path: jxl.path, maxSize: 150)
        XCTAssertEqual([image.width, image.height], [100, 150], "turned a quarter, once")
        XCTAssertEqual([image.originalWidth, image.originalHeight], [200, 300])
        // Orientation 6: the top band ends up on the right.
        XCTAssertGreaterThan(pixel(image, x: 95, y: 75)[2], 200, "the white band on the right")
        XCTAssertLessThan(pixel(image, x: 20, y: 75)[2], 80, "red on the left")

        let probe = try XCTUnwrap(decoders.probe(path: jxl.path))
        XCTAssertEqual(probe, ImageProbe(width: 200, height: 300, mimeType: "image/jxl"))
        let metadata = try XCTUnwrap(decoders.metadata(path: jxl.path))
        XCTAssertEqual([metadata.pixelWidth, metadata.pixelHeight], [200, 300], "the size it is shown at")
        XCTAssertEqual(metadata.orientation, 1, "the orientation the picture is shown with")
    }

    func testATruncatedJxlFailsClearlyAndTheNextDecodeWorks() throws {
        let scratch = Scratch()
        let whole = scratch.path("whole.jxl")
        try cjxl(try jpeg(scratch, noisy: true), whole, ["-j", "0", "-d", "0.5"])
        let bytes = try Data(contentsOf: whole)
        XCTAssertGreaterThan(bytes.count, 2000, "large enough to cut in its pixels")
        for fraction in [0.2, 0.6, 0.95] {
            let cut = scratch.path("cut-\(fraction).jxl")
            try bytes.prefix(Int(Double(bytes.count) * fraction)).write(to: cut)
            XCTAssertEqual(failure(cut), damaged, "cut at \(fraction)")
        }
        // A probe reads the header alone: a file cut after it has its size.
        XCTAssertEqual(decoders.probe(path: scratch.path("cut-0.2.jxl").path),
                       ImageProbe(width: 300, height: 200, mimeType: "image/jxl"))
        let signature = scratch.path("signature.jxl")
        try bytes.prefix(2).write(to: signature)
        XCTAssertEqual(failure(signature), damaged)
        XCTAssertNil(decoders.probe(path: signature.path))
        // The same decoders go on decoding.
        let image = try decoders.decode(path: whole.path, maxSize: 150)
        XCTAssertEqual([image.width, image.height], [150, 100])
        assertRedWithWhiteTop(image)
    }

    func testOtherFilesNamedJxlAndHugeOnesAreRefused() throws {
        let scratch = Scratch()
        let png = try png(scratch)
        let named = scratch.path("png.jxl")
        try FileManager.default.copyItem(at: png, to: named)
        XCTAssertEqual(failure(named), "The file is not an image Lightbox can read.")
        XCTAssertEqual(failure(scratch.file("empty.jxl", "")), "The file is not an image Lightbox can read.")
        XCTAssertNil(decoders.probe(path: named.path))

        let jxl = scratch.path("photo.jxl")
        try cjxl(png, jxl)
        XCTAssertEqual(failure(jxl, maxPixels: 300 * 200 - 1), "The image is too large (300 × 200 pixels).",
                       "refused from its header")
        XCTAssertNil(failure(jxl, maxPixels: 300 * 200))
    }

    func testTheFolderListsJxlFilesInAnyCase() throws {
        let scratch = Scratch()
        for name in ["a.jxl", "b.JXL", "c.Jxl", "d.jxl.xmp", "jxl"] {
            scratch.file("card/\(name)")
        }
        var found: [String] = []
        FolderScanner().scan(scratch.path("card")) { batch in found += batch.map { ($0.path as NSString).lastPathComponent } }
        XCTAssertEqual(found.sorted(), ["a.jxl", "b.JXL", "c.Jxl"])
        XCTAssertTrue(PhotoFormat.libraryExtensions.contains("jxl"), "the desktop file's MimeType gets image/jxl")
        XCTAssertFalse(PhotoFormat.isRaw("/card/a.jxl"))
    }
}
