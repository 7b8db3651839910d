import Foundation
import Imaging
@testable import LightboxCore
import XCTest

/// What phones save, HEIC and AVIF, read through Debian's gdk-pixbuf
/// loaders in the sandboxed decoders, made at test time by Debian's own
/// encoders (heif-enc, avifenc) from a JPEG the test writes.
final class PhoneFormatTests: XCTestCase {
    private let decoders = DecoderPool(.standard())

    /// Runs an encoder from Debian's packages (scripts/install-deps.sh --test).
    private func encode(_ tool: String, _ arguments: [String]) throws {
        let path = "/usr/bin/" + tool
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw Problem("\(tool) is not installed (Debian: libheif-examples, libavif-bin): run scripts/install-deps.sh --test")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "\(tool) \(arguments)")
    }

    /// A 300×200 JPEG, red with a white top band, stating EXIF orientation
    /// `orientation`.
    private func jpeg(_ scratch: Scratch, orientation: Int) throws -> URL {
        try TestImages.jpeg(scratch.path("source.jpg"), width: 300, height: 200, orientation: orientation) { _, y in
            y < 50 ? (255, 255, 255) : (220, 20, 20)
        }
    }

    private func pixel(_ image: DecodedImage, x: Int, y: Int) -> [UInt8] {
        let pixels = image.pixels
        let offset = y * pixels.stride + x * 4
        return Array(pixels.bytes[offset..<offset + 3])
    }

    func testHEICDecodesAndItsEXIFOrientationIsNotAppliedAgain() throws {
        let scratch = Scratch()
        // heif-enc 1.15 copies the EXIF orientation and adds no transform
        // of its own: HEIF's transforms are authoritative, so the picture
        // stands as coded (as libheif and Loupe show it).
        let heic = scratch.path("phone.heic")
        try encode("heif-enc", ["-q", "90", try jpeg(scratch, orientation: 6).path, "-o", heic.path])
        let image = try decoders.decode(path: heic.path, maxSize: 150)
        XCTAssertEqual([image.width, image.height], [150, 100], "not turned by the EXIF orientation")
        XCTAssertEqual(image.mimeType, "image/heif")
        XCTAssertGreaterThan(pixel(image, x: 75, y: 5)[2], 200, "the white band at the top")
        XCTAssertLessThan(pixel(image, x: 75, y: 80)[2], 80, "red below")
        let metadata = try XCTUnwrap(decoders.metadata(path: heic.path))
        XCTAssertEqual(metadata.orientation, 1, "the orientation the picture is shown with")
    }

    func testAVIFDecodesTurnedByItsOwnTransform() throws {
        let scratch = Scratch()
        // avifenc turns the EXIF orientation into AVIF's own rotation.
        let avif = scratch.path("phone.avif")
        try encode("avifenc", ["-s", "8", try jpeg(scratch, orientation: 6).path, avif.path])
        let image = try decoders.decode(path: avif.path, maxSize: 150)
        XCTAssertEqual([image.width, image.height], [100, 150], "turned once, by the container")
        // Whichever loader took it (libheif decodes AV1 too, and its loader
        // names itself image/heif).
        XCTAssertTrue(["image/avif", "image/heif"].contains(image.mimeType ?? ""), "\(image.mimeType ?? "none")")
        // Orientation 6: the top band ends up on the right.
        XCTAssertGreaterThan(pixel(image, x: 95, y: 75)[2], 200, "the white band on the right")
        XCTAssertLessThan(pixel(image, x: 20, y: 75)[2], 80, "red on the left")
        XCTAssertEqual(try XCTUnwrap(decoders.metadata(path: avif.path)).orientation, 1)
    }

    func testTheFolderListsPicturesAndRAWFilesInAnyCase() throws {
        let scratch = Scratch()
        for name in ["a.jpg", "b.HEIC", "c.avif", "d.NEF", "e.dng", "f.Cr3", "g.raf", "notes.txt", "h.xmp", "i.NEF.xmp"] {
            scratch.file("card/\(name)")
        }
        var found: [String] = []
        FolderScanner().scan(scratch.path("card")) { batch in found += batch.map { ($0.path as NSString).lastPathComponent } }
        XCTAssertEqual(found.sorted(), ["a.jpg", "b.HEIC", "c.avif", "d.NEF", "e.dng", "f.Cr3", "g.raf"])
        XCTAssertTrue(PhotoFormat.isRaw("/card/DSC_0001.NEF"))
        XCTAssertFalse(PhotoFormat.isRaw("/card/DSC_0001.JPG"))
        XCTAssertFalse(PhotoFormat.isRaw("/card/nef"), "a name without an extension")
    }
}
