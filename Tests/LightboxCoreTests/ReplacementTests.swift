import Foundation
@testable import Imaging
@testable import LightboxCore
import XCTest

/// The last step of a metadata write, putting the new file in the photo's
/// place, refuses whenever that could lose something: the photo changed
/// meanwhile, or the new file's image data is not the photo's.
final class ReplacementTests: XCTestCase {
    private func leftovers(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
    }

    func testAPhotoAnotherProgramChangedMeanwhileIsNotReplaced() throws {
        let scratch = Scratch()
        let photo = try PhotoFixtures.jpeg(at: scratch.path("photos/a.jpg"), tags: PhotoFixtures.cameraTags)
        let held = try HeldFile(photo.path)
        let edited = try DecoderPool.shared.edit(file: held.descriptor, MetadataEdit(rating: 4))
        // Another tool saves the photo while Lightbox's new version waits
        // (exiftool writes a new file and renames it over the photo).
        try ExifTool.write(["-XMP-xmp:Rating=1"], to: photo)
        XCTAssertThrowsError(try Imaging.replace(photo.path, like: photo.path, held: held, with: edited,
                                                 checkingImageData: true, decoders: .shared)) { error in
            XCTAssertEqual((error as? RatingWriteError)?.kind, .movedOrReplaced, "refused, not overwritten")
        }
        XCTAssertEqual(try ExifTool.value("XMP:Rating", of: photo), "1", "the other tool's change stays")
        XCTAssertEqual(try leftovers(in: scratch.path("photos")), [], "no temporary left")
    }

    func testANewVersionWhoseImageDataDiffersIsRefused() throws {
        let scratch = Scratch()
        let photo = try PhotoFixtures.jpeg(at: scratch.path("photos/a.jpg"), width: 64, height: 48)
        let other = try PhotoFixtures.jpeg(at: scratch.path("other.jpg"), width: 48, height: 64)
        let original = try Data(contentsOf: photo)
        let held = try HeldFile(photo.path)
        // As if gexiv2 (or a decoder taken over by a file) had changed the pixels.
        let edited = try DecoderPool.shared.edit(path: other.path, MetadataEdit(rating: 2))
        XCTAssertThrowsError(try Imaging.replace(photo.path, like: photo.path, held: held, with: edited,
                                                 checkingImageData: true, decoders: .shared)) { error in
            XCTAssertEqual((error as? RatingWriteError)?.kind, .imageDataChanged)
        }
        XCTAssertEqual(try Data(contentsOf: photo), original, "the photo as it was")
        XCTAssertEqual(try leftovers(in: scratch.path("photos")), [])
    }

    func testTheOwnerAndGroupAreKept() throws {
        try requireRoot("only root can give a file to another owner")
        let scratch = Scratch()
        let photo = try PhotoFixtures.jpeg(at: scratch.path("photos/a.jpg"))
        XCTAssertEqual(chown(photo.path, 4321, 4322), 0)
        try Imaging.writeRating(5, to: photo.path, as: .photo(exif: true))
        var info = stat()
        XCTAssertEqual(stat(photo.path, &info), 0)
        XCTAssertEqual([info.st_uid, info.st_gid], [4321, 4322])
        XCTAssertEqual(try ExifTool.value("XMP:Rating", of: photo), "5")
    }
}
