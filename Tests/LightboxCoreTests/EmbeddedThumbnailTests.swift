import Foundation
import Imaging
import XCTest

/// A camera's JPEG carries a small copy of its picture in EXIF (160×120).
/// The smallest thumbnails are made from it; anything bigger, and any file
/// cut short, is decoded whole. The main pictures here are red and their
/// copies blue, so a thumbnail's colour tells which one it came from.
final class EmbeddedThumbnailTests: XCTestCase {
    private static let red: (UInt8, UInt8, UInt8) = (200, 30, 30)
    private static let blue: (UInt8, UInt8, UInt8) = (30, 30, 200)
    private static let green: (UInt8, UInt8, UInt8) = (30, 200, 30)
    private let scratch = Scratch()

    /// A red `width`×`height` JPEG whose EXIF holds a copy drawn by `copy`.
    private func cameraJPEG(width: Int, height: Int, copyWidth: Int = 160, copyHeight: Int = 120,
                            orientation: Int? = nil, cutFromCopy: Int = 0,
                            copy: @escaping (Int, Int) -> (UInt8, UInt8, UInt8) = { _, _ in blue }) throws -> URL {
        let main = try TestImages.jpeg(scratch.path("DSC_0001.JPG"), width: width, height: height) { _, _ in Self.red }
        let small = try TestImages.jpeg(scratch.path("copy.jpg"), width: copyWidth, height: copyHeight, fill: copy)
        if cutFromCopy > 0 {
            let bytes = try Data(contentsOf: small)
            try bytes.prefix(bytes.count - cutFromCopy).write(to: small)
        }
        var arguments = ["-q", "-overwrite_original", "-ThumbnailImage<=\(small.path)"]
        if let orientation { arguments += ["-n", "-Orientation=\(orientation)"] }
        try ExifTool.run(arguments + [main.path])
        XCTAssertEqual(try ExifTool.value("ThumbnailLength", of: main).flatMap(Int.init).map { $0 > 0 }, true)
        return main
    }

    /// The normal size (128 px), as the grid's smallest cells ask for it.
    private func normal(_ file: URL) throws(ImageError) -> DecodedImage {
        try Imaging.decode(path: file.path, maxSize: 128)
    }

    private func assertSize(_ image: DecodedImage, _ width: Int, _ height: Int,
                            file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual([image.width, image.height], [width, height], file: file, line: line)
    }

    private func assertColour(_ image: DecodedImage, x: Int, y: Int, is colour: (UInt8, UInt8, UInt8),
                              _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        let (r, g, b) = TestImages.rgb(image.pixels, x, y)
        let near = abs(r - Int(colour.0)) < 40 && abs(g - Int(colour.1)) < 40 && abs(b - Int(colour.2)) < 40
        XCTAssertTrue(near, "\(message): (\(r), \(g), \(b)) at \(x), \(y)", file: file, line: line)
    }

    func testTheSmallestThumbnailsComeFromTheCamerasOwnCopy() throws {
        let photo = try cameraJPEG(width: 800, height: 600)
        let thumbnail = try normal(photo)
        XCTAssertEqual([thumbnail.width, thumbnail.height, thumbnail.originalWidth, thumbnail.originalHeight],
                       [128, 96, 800, 600])
        XCTAssertEqual(thumbnail.mimeType, "image/jpeg")
        assertColour(thumbnail, x: 64, y: 48, is: Self.blue, "the normal size from the embedded copy")
        // Bigger than the copy: the picture itself.
        let large = try Imaging.decode(path: photo.path, maxSize: 256)
        assertSize(large, 256, 192)
        assertColour(large, x: 128, y: 96, is: Self.red, "the large size decoded from the picture")
    }

    func testTheBlackBarsAroundAWidePictureAreCutAway() throws {
        // 3:2 in a 4:3 copy: 106 rows of picture between black bars.
        let thumbnail = try normal(cameraJPEG(width: 900, height: 600) { _, y in y < 7 || y >= 113 ? (0, 0, 0) : Self.blue })
        assertSize(thumbnail, 128, 85)
        for y in [0, 42, 84] { assertColour(thumbnail, x: 64, y: y, is: Self.blue, "no bar left in row \(y)") }
    }

    func testACopySqueezedWithoutBarsIsStretchedBack() throws {
        // The same proportions, but picture to the edges: a green top.
        let thumbnail = try normal(cameraJPEG(width: 900, height: 600) { _, y in y < 10 ? Self.green : Self.blue })
        assertSize(thumbnail, 128, 85)
        assertColour(thumbnail, x: 64, y: 2, is: Self.green, "the copy's top kept")
    }

    func testTheCopyTurnsWithThePicture() throws {
        let thumbnail = try normal(cameraJPEG(width: 800, height: 600, orientation: 6))
        assertSize(thumbnail, 96, 128)
        assertColour(thumbnail, x: 48, y: 64, is: Self.blue, "turned, from the copy")
    }

    func testACopySmallerThanAskedIsNotEnlarged() throws {
        let thumbnail = try normal(cameraJPEG(width: 800, height: 600, copyWidth: 96, copyHeight: 72))
        assertSize(thumbnail, 128, 96)
        assertColour(thumbnail, x: 64, y: 48, is: Self.red, "decoded from the picture")
    }

    func testAFileCutShortIsStillRefusedAsDamaged() throws {
        let bytes = try Data(contentsOf: cameraJPEG(width: 800, height: 600))
        let cut = scratch.path("cut.jpg")
        try bytes.prefix(bytes.count - 200).write(to: cut)
        XCTAssertThrowsError(try normal(cut)) {
            XCTAssertEqual(($0 as? ImageError)?.message, "The image is damaged or incomplete.")
        }
    }

    /// A copy whose header declares more than its data holds is not
    /// believed (gdk-pixbuf would fill the rest in grey): the picture itself
    /// is decoded. So is a copy cut short.
    func testACopyDeclaringMoreThanItHoldsIsPassedOver() throws {
        var bytes = [UInt8](try Data(contentsOf: cameraJPEG(width: 800, height: 600)))
        // The copy's frame header (the first SOF0 in the file: EXIF comes
        // before the picture's own) says 2000×1500, then 60000×60000.
        let frames = bytes.indices.dropLast(8).filter { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 }
        XCTAssertEqual(frames.count, 2)
        for size: [UInt8] in [[0x05, 0xDC, 0x07, 0xD0], [0xEA, 0x60, 0xEA, 0x60]] {
            bytes.replaceSubrange(frames[0] + 5..<frames[0] + 9, with: size)
            let lying = scratch.path("lying-copy.jpg")
            try Data(bytes).write(to: lying)
            let thumbnail = try normal(lying)
            assertSize(thumbnail, 128, 96)
            assertColour(thumbnail, x: 64, y: 48, is: Self.red, "\(size): decoded from the picture")
        }
        let cut = try normal(cameraJPEG(width: 800, height: 600, cutFromCopy: 300))
        assertColour(cut, x: 64, y: 64, is: Self.red, "a copy cut short")
    }

    /// The EXIF structure is read from an untrusted file: bytes changed
    /// anywhere in it give a thumbnail or a refusal, never a crash or a
    /// stuck decoder.
    func testAGarbledExifStructureNeverCrashesTheDecoder() throws {
        let bytes = [UInt8](try Data(contentsOf: cameraJPEG(width: 400, height: 300)))
        var random = Seeded(state: 22)
        let garbled = scratch.path("garbled.jpg")
        for round in 0..<150 {
            var changed = bytes
            // The APP1 segment (EXIF, IFD0, IFD1 and the copy) comes first.
            for _ in 0..<1 + round % 8 {
                changed[Int.random(in: 2..<min(changed.count, 4096), using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            try Data(changed).write(to: garbled)
            do {
                let image = try normal(garbled)
                XCTAssertLessThanOrEqual(max(image.width, image.height), 128, "round \(round)")
            } catch {
                XCTAssertEqual(error.kind, .file, "round \(round): \(error.message)")
            }
        }
    }
}
