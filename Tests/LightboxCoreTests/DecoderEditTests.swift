import Foundation
import Imaging
@testable import LightboxCore
import XCTest

/// Metadata edits made by a decoder process: the app hands over the file
/// read-only and gets the whole new file back in sealed memory, which it
/// checks before anything reaches the folder.
final class DecoderEditTests: XCTestCase {
    private let decoders = DecoderPool(.standard())

    /// The edited file's bytes, read from its descriptor (from the start).
    private func contents(of file: EditedFile) -> Data {
        var data = Data(count: file.length)
        let read = data.withUnsafeMutableBytes { pread(file.descriptor, $0.baseAddress, file.length, 0) }
        XCTAssertEqual(read, file.length)
        return data
    }

    func testAnEditComesBackWholeInSealedMemoryAndLeavesTheFileAsItWas() throws {
        let scratch = Scratch()
        let photo = try PhotoFixtures.jpeg(at: scratch.path("IMG_0001.JPG"), width: 320, height: 240,
                                           tags: PhotoFixtures.cameraTags)
        let bytesBefore = try Data(contentsOf: photo)
        let edited = try decoders.edit(path: photo.path, MetadataEdit(rating: 4, exifRating: true))

        // Sealed: nobody (the decoder included) can change it while the app copies it.
        XCTAssertEqual(pwrite(edited.descriptor, "x", 1, 0), -1, "no writing")
        XCTAssertEqual(ftruncate(edited.descriptor, 0), -1, "no shrinking")
        XCTAssertEqual(ftruncate(edited.descriptor, off_t(edited.length + 1)), -1, "no growing")
        XCTAssertEqual(try Data(contentsOf: photo), bytesBefore, "the decoder had the photo read-only")

        let copy = scratch.path("edited.jpg")
        try contents(of: edited).write(to: copy)
        XCTAssertEqual(try ExifTool.value("XMP:Rating", of: copy), "4")
        XCTAssertEqual(try ExifTool.value("EXIF:Rating", of: copy), "4")
        XCTAssertEqual(try ExifTool.value("EXIF:RatingPercent", of: copy), "75")
        XCTAssertEqual(try ExifTool.otherMetadata(of: copy), try ExifTool.otherMetadata(of: photo),
                       "the rest of the metadata is kept")
        XCTAssertTrue(try Imaging.haveSameImageData(photo.path, copy.path))
    }

    func testAnOrientationIsSetInEXIF() throws {
        let scratch = Scratch()
        let photo = try PhotoFixtures.jpeg(at: scratch.path("turn.jpg"), width: 64, height: 48, tags: [])
        let edited = try decoders.edit(path: photo.path, MetadataEdit(orientation: 6))
        let copy = scratch.path("turned.jpg")
        try contents(of: edited).write(to: copy)
        XCTAssertEqual(try ExifTool.value("EXIF:Orientation", of: copy), "6")
        XCTAssertEqual(Imaging.metadata(path: copy.path)?.orientation, 6)
        XCTAssertTrue(try Imaging.haveSameImageData(photo.path, copy.path), "turned by a tag, not re-encoded")
    }

    func testANewSidecarStartsFromAnEmptyPacket() throws {
        let scratch = Scratch()
        let edited = try decoders.edit(path: nil, MetadataEdit(rating: -1))
        let sidecar = scratch.path("IMG_0002.CR2.xmp")
        try contents(of: edited).write(to: sidecar)
        XCTAssertEqual(try ExifTool.value("XMP:Rating", of: sidecar), "-1")
        XCTAssertEqual(Imaging.rating(path: sidecar.path), -1, "Lightbox reads it back")
    }

    func testAShorterFileIsNotPaddedWithTheOldOnesTail() throws {
        // Clearing a long XMP packet shrinks the file: what exiv2 writes must
        // be the whole new file, not laid over the old bytes.
        let scratch = Scratch()
        let photo = try PhotoFixtures.jpeg(at: scratch.path("long.jpg"), width: 64, height: 48, tags: [])
        try ExifTool.write(["-XMP-dc:Description=" + String(repeating: "long text ", count: 3000)], to: photo)
        let edited = try decoders.edit(path: photo.path, MetadataEdit(rating: 2))
        XCTAssertLessThan(edited.length, try Data(contentsOf: photo).count,
                          "exiv2 pads XMP less than exiftool did, so the new file is shorter")
        let copy = scratch.path("copy.jpg")
        try contents(of: edited).write(to: copy)
        XCTAssertEqual(try ExifTool.value("XMP:Rating", of: copy), "2")
        XCTAssertNoThrow(try Imaging.decode(path: copy.path, maxSize: 64))
        // Everything from the scan to the end is image data: a leftover tail
        // of the old file would make it differ.
        XCTAssertTrue(try Imaging.haveSameImageData(photo.path, copy.path))
    }

    func testAFileGexiv2CannotEditSaysWhyAndTheDecoderStays() throws {
        let scratch = Scratch()
        let text = scratch.file("notes.txt", "not an image")
        XCTAssertThrowsError(try decoders.edit(path: text.path, MetadataEdit(rating: 3))) { error in
            XCTAssertEqual((error as? ImageError)?.kind, .file, "the file's reason, not a decoder failure")
        }
        XCTAssertThrowsError(try decoders.edit(path: scratch.path("gone.jpg").path, MetadataEdit(rating: 3)))
        let photo = try PhotoFixtures.jpeg(at: scratch.path("a.jpg"), width: 32, height: 24, tags: [])
        XCTAssertNoThrow(try decoders.edit(path: photo.path, MetadataEdit(rating: 1)), "the next edit works")
    }
}
