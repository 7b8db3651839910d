import Foundation
import Glibc
import Imaging
@testable import LightboxCore
import XCTest

/// The decoder's own reader of TIFF-based RAW files (Sources/Decoder/CRaw/
/// tiff-raw.c): which embedded preview it shows, and that it reads only
/// that preview and the file's structure. Each preview is painted in a
/// colour of its own (Tests/Fixtures/raw_samples.py), so a test sees which
/// one was shown; what the decoder read is what it brought into the page
/// cache of a file evicted before (mincore), which counts read calls and
/// mapped pages alike.
final class RawPreviewReadingTests: XCTestCase {
    private let decoders = DecoderPool(.standard())
    /// What reading the structure may cost besides the preview: the pages
    /// of the header, IFDs and maker note, the first page of each other
    /// JPEG preview (its size), the preview's own pages rounded up. 4-12 kB
    /// here; exiv2, which maps the file, read all of each of these files.
    private let structureBudget = 32 * 1024

    /// The colour of the pixel at x, y, by name.
    private func colour(_ pixels: PixelData, x: Int, y: Int) -> String {
        let (r, g, b) = pixels.rgb(x: x, y: y)
        let high = 160, low = 90
        switch (r > high, g > high, b > high, r < low, g < low, b < low) {
        case (true, true, true, _, _, _): return "white"
        case (true, _, _, _, true, true): return "red"
        case (_, true, _, true, _, true): return "green"
        case (_, _, true, true, true, _): return "blue"
        case (true, true, _, _, _, true): return "yellow"
        case (true, _, true, _, true, _): return "magenta"
        default: return "other (\(r), \(g), \(b))"
        }
    }

    /// The colour below the white band (the top quarter as stored), in a
    /// picture turned by Orientation 6: the band is on the right, the
    /// colour on the left.
    private func turnedColour(_ pixels: PixelData) -> String {
        colour(pixels, x: pixels.width * 3 / 8, y: pixels.height / 2)
    }

    func testTheSmallestPreviewLargeEnoughIsShownTurnedByTheRAW() throws {
        let scratch = Scratch()
        // IFD0: a 160×120 RGB thumbnail (magenta); SubIFD1: a 1024×683
        // JPEG (blue); the maker note's PreviewIFD: a 640×427 JPEG (green).
        let file = scratch.path("DSC_0010.NEF")
        try RawSamples.write("nef", at: file, size: "2400x1600", previews: ["1024x683:blue", "640x427:green"],
                             orientation: 6, thumbnailColour: "magenta")
        for (maxSize, expected, size) in [(128, "magenta", [96, 128]), (160, "magenta", [120, 160]),
                                          (256, "green", [171, 256]), (640, "green", [427, 640]),
                                          (800, "blue", [534, 800])] {
            let image = try decoders.decode(path: file.path, maxSize: maxSize)
            XCTAssertEqual([image.width, image.height], size, "\(maxSize) px")
            XCTAssertEqual(turnedColour(image.pixels), expected, "\(maxSize) px: the smallest preview large enough")
            XCTAssertEqual(colour(image.pixels, x: image.width - 3, y: image.height / 2), "white",
                           "\(maxSize) px: the band on the right, turned by the RAW's orientation")
            XCTAssertEqual([image.originalWidth, image.originalHeight], [2400, 1600])
            XCTAssertEqual(image.mimeType, "image/tiff", "as exiv2 names an uncompressed NEF")
        }
        // A photo window takes the largest.
        let window = try decoders.decodeForDisplay(path: file.path, maxSize: 2560)
        XCTAssertEqual([window.width, window.height], [683, 1024])
        XCTAssertEqual(turnedColour(window), "blue")
        XCTAssertEqual(window.origin, .cameraPreview)
    }

    func testADNGsThumbnailAndPreviewsInStrips() throws {
        let scratch = Scratch()
        // IFD0: a 256×171 RGB thumbnail (magenta); SubIFDs: the raw image,
        // then JPEGs of 1024×683 (blue) and 512×341 (green) in strips.
        let file = scratch.path("PXL_0010.dng")
        try RawSamples.write("dng-preview", at: file, previews: ["1024x683:blue", "512x341:green"],
                             orientation: 6, thumbnailColour: "magenta")
        for (maxSize, expected, size) in [(256, "magenta", [171, 256]), (400, "green", [266, 400]),
                                          (1000, "blue", [667, 1000])] {
            let image = try decoders.decode(path: file.path, maxSize: maxSize)
            XCTAssertEqual([image.width, image.height], size, "\(maxSize) px")
            XCTAssertEqual(turnedColour(image.pixels), expected, "\(maxSize) px")
            XCTAssertEqual(colour(image.pixels, x: image.width - 3, y: image.height / 2), "white", "\(maxSize) px")
            XCTAssertEqual(image.mimeType, "image/x-adobe-dng")
            XCTAssertEqual([image.originalWidth, image.originalHeight], [600, 400])
        }
    }

    func testAThumbnailReadsItsPreviewAndTheStructureNotTheFile() throws {
        let scratch = PageCache.scratchOnDisk()
        // 2400×1600 sensors: 7.7 MB a file (CR2's lossless JPEG of a flat
        // mosaic less); the previews are a few kilobytes to 180 kB.
        for (kind, name) in [("nef", "DSC_0020.NEF"), ("arw", "DSC00020.ARW"), ("orf", "P1000020.ORF"),
                             ("cr2", "IMG_0020.CR2"), ("dng-preview", "PXL_0020.dng")] {
            let file = scratch.path(name)
            let previews = kind == "nef" ? ["1024x683:blue", "640x427:green"] : ["1024x683:blue"]
            let embedded = try RawSamples.writeDescribed(kind, at: file, size: "2400x1600", previews: previews)
            // The one a 256 px thumbnail takes: the smallest at least 256 px.
            let wanted = try XCTUnwrap(embedded.filter { max($0.width, $0.height) >= 256 }
                .min { $0.width * $0.height < $1.width * $1.height }, kind)
            guard PageCache.evict(file) else { return XCTFail("\(kind): its pages could not be dropped from the page cache") }
            let image = try decoders.decode(path: file.path, maxSize: 256)
            XCTAssertEqual(max(image.width, image.height), 256, kind)
            let read = PageCache.resident(file)
            let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int)
            XCTAssertGreaterThanOrEqual(read, wanted.length, "\(kind): the \(wanted.location) preview was read")
            XCTAssertLessThanOrEqual(read, wanted.length + structureBudget,
                                     "\(kind): \(read) bytes of \(size) read for the \(wanted.width)×\(wanted.height) "
                                         + "\(wanted.location) preview of \(wanted.length) bytes")
        }
    }
}
