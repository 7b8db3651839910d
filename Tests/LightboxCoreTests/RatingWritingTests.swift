import Foundation
import Imaging
@testable import LightboxCore
import XCTest

/// FileRatingWriter against exiftool: what it writes where, and what it
/// leaves alone.
final class RatingWritingTests: XCTestCase {
    private let writer = FileRatingWriter()

    /// A camera-like JPEG: EXIF (with a maker note), IPTC, XMP in another
    /// namespace and, where the system has one, an ICC profile.
    private func cameraJPEG(_ url: URL) throws -> URL {
        try PhotoFixtures.jpeg(at: url, width: 320, height: 240, tags: PhotoFixtures.cameraTags + [
            ("Exif.Photo.MakerNote", "76 66 1 2 3 4 5 6 7 8"),
        ])
        var tags = ["-IPTC:Keywords=beach", "-IPTC:Caption-Abstract=Morning", "-XMP-dc:Creator=Ann",
                    "-XMP-dc:Subject=sea"]
        let icc = "/usr/share/color/icc/ghostscript/srgb.icc"
        if FileManager.default.fileExists(atPath: icc) { tags.append("-ICC_Profile<=\(icc)") }
        try ExifTool.write(tags, to: url)
        return url
    }

    func testAJPEGGetsXMPAndEXIFRatingsAndKeepsEverythingElse() throws {
        let scratch = Scratch()
        let photo = try cameraJPEG(scratch.path("IMG_0001.JPG"))
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: photo.path)
        try PhotoFixtures.setModificationTime(1_600_000_000, of: photo)
        // Through Python: the tests reach no C but through the C targets.
        // The test folders take user attributes (ext4; tmpfs since Linux
        // 6.6): where they cannot, this fails rather than leave the check out.
        _ = try python("import os,sys; os.setxattr(sys.argv[1], 'user.lightbox-test', b'kept')", photo.path)
        let original = scratch.path("original.jpg")
        try FileManager.default.copyItem(at: photo, to: original)
        let before = try ExifTool.otherMetadata(of: photo)
        XCTAssertNotNil(before["IFD0:Make"])
        XCTAssertNotNil(before["XMP-dc:Creator"])

        for stars in [4, -1, 0] {
            let result = try writer.write(stars, for: photo.path, storage: .photoFiles)
            XCTAssertEqual(result, RatingWriteResult(written: [photo.path], photoRewritten: true))
            XCTAssertEqual(try ExifTool.value("XMP:Rating", of: photo), "\(stars)")
            XCTAssertEqual(try ExifTool.value("EXIF:Rating", of: photo), "\(max(0, stars))", "EXIF has no rejection")
            XCTAssertEqual(try ExifTool.value("EXIF:RatingPercent", of: photo), stars == 4 ? "75" : "0")
            XCTAssertEqual(Imaging.rating(path: photo.path), stars, "Lightbox reads back what it wrote")
            XCTAssertTrue(try Imaging.haveSameImageData(original.path, photo.path), "the scan data is untouched")
            XCTAssertEqual(try ExifTool.otherMetadata(of: photo), before, "other metadata survives")
        }
        let info = try FileManager.default.attributesOfItem(atPath: photo.path)
        XCTAssertEqual((info[.posixPermissions] as? NSNumber)?.intValue, 0o640, "the mode is kept")
        XCTAssertNotEqual((info[.modificationDate] as? Date)?.timeIntervalSince1970, 1_600_000_000,
                          "backup tools must see the change")
        let value = try python("import os,sys; print(os.getxattr(sys.argv[1], 'user.lightbox-test').decode())",
                               photo.path)
        XCTAssertEqual(value, "kept\n", "extended attributes are kept")
        let left = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path)
        XCTAssertEqual(left.sorted(), ["IMG_0001.JPG", "original.jpg"], "no temporary file, no sidecar")
    }

    func testTheImageDataCheckSeesEveryPixelChangeAndNoMetadataChange() throws {
        let scratch = Scratch()
        for format in ["jpg", "png", "webp", "tif"] {
            let original = scratch.path("a.\(format)"), tagged = scratch.path("b.\(format)"),
                touched = scratch.path("c.\(format)")
            try Imaging.encode(TestImages.pixels(width: 48, height: 32), to: scratch.path("src.png").path, as: .png)
            try run("/usr/bin/env", ["convert", scratch.path("src.png").path, original.path])
            try FileManager.default.copyItem(at: original, to: tagged)
            try ExifTool.write(["-XMP-dc:Creator=Ann", "-EXIF:Artist=Ann", "-XMP-xmp:Rating=2"], to: tagged)
            // One pixel differs.
            try Imaging.encode(TestImages.pixels(width: 48, height: 32) { x, y in
                x == 7 && y == 5 ? (0, 0, 0) : (UInt8(x & 255), UInt8(y & 255), 128)
            }, to: scratch.path("src.png").path, as: .png)
            try run("/usr/bin/env", ["convert", scratch.path("src.png").path, touched.path])
            XCTAssertTrue(try Imaging.haveSameImageData(original.path, tagged.path), "\(format): metadata only")
            XCTAssertFalse(try Imaging.haveSameImageData(original.path, touched.path), "\(format): a pixel changed")
        }
    }

    func testPNGWebPAndTIFFAreWrittenInPlaceWithTheirImageDataUnchanged() throws {
        let scratch = Scratch()
        var files: [URL] = []
        for name in ["a.png", "b.webp", "c.tif"] {
            let url = scratch.path(name)
            try Imaging.encode(TestImages.pixels(width: 40, height: 30), to: scratch.path("src.png").path, as: .png)
            try run("/usr/bin/env", ["convert", scratch.path("src.png").path, url.path])
            files.append(url)
        }
        for (file, exif) in zip(files, [false, true, true]) {
            let original = scratch.path("original-" + file.lastPathComponent)
            try FileManager.default.copyItem(at: file, to: original)
            let result = try writer.write(3, for: file.path, storage: .photoFiles)
            XCTAssertEqual(result.written, [file.path], file.lastPathComponent)
            XCTAssertEqual(try ExifTool.value("XMP:Rating", of: file), "3", file.lastPathComponent)
            XCTAssertEqual(try ExifTool.value("EXIF:Rating", of: file), exif ? "3" : nil, file.lastPathComponent)
            XCTAssertTrue(try Imaging.haveSameImageData(original.path, file.path), file.lastPathComponent)
        }
    }

    func testFilesThatMustNotBeModifiedGetASidecarFollowingTheConventionPresent() throws {
        let scratch = Scratch()
        let readOnly = try cameraJPEG(scratch.path("ro.jpg"))
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: readOnly.path)
        let bytes = try Data(contentsOf: readOnly)
        XCTAssertEqual(try writer.write(5, for: readOnly.path, storage: .photoFiles).written, [readOnly.path + ".xmp"])
        XCTAssertEqual(try Data(contentsOf: readOnly), bytes, "a read-only photo is not touched")
        XCTAssertEqual(try ExifTool.value("XMP:Rating", of: URL(fileURLWithPath: readOnly.path + ".xmp")), "5")

        // Lightroom's convention is already there: it is followed.
        let raw = scratch.file("IMG_2.CR2", "not really raw")
        try ExifTool.run(["-q", "-XMP-xmp:Rating=1", "-XMP-dc:Creator=Ann", scratch.path("IMG_2.xmp").path])
        XCTAssertEqual(try writer.write(-1, for: raw.path, storage: .photoFiles).written, [scratch.path("IMG_2.xmp").path])
        XCTAssertEqual(try ExifTool.value("XMP:Rating", of: scratch.path("IMG_2.xmp")), "-1")
        XCTAssertEqual(try ExifTool.value("XMP-dc:Creator", of: scratch.path("IMG_2.xmp")), "Ann", "the sidecar's other data stays")

        // A symbolic link and a hard-linked file: replacing them would
        // break the link.
        let target = try PhotoFixtures.jpeg(at: scratch.path("target.jpg"))
        try FileManager.default.createSymbolicLink(atPath: scratch.path("link.jpg").path, withDestinationPath: target.path)
        try FileManager.default.linkItem(atPath: target.path, toPath: scratch.path("hard.jpg").path)
        let targetBytes = try Data(contentsOf: target)
        for name in ["link.jpg", "hard.jpg"] {
            XCTAssertEqual(try writer.write(3, for: scratch.path(name).path, storage: .photoFiles).written,
                           [scratch.path(name).path + ".xmp"], name)
        }
        XCTAssertEqual(try Data(contentsOf: target), targetBytes)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: scratch.path("link.jpg").path), target.path)

        // A format gexiv2 cannot write.
        let gif = scratch.path("anim.gif")
        try run("/usr/bin/env", ["convert", "-size", "16x16", "xc:red", gif.path])
        XCTAssertEqual(try writer.write(2, for: gif.path, storage: .photoFiles).written, [gif.path + ".xmp"])
        let info = try FileManager.default.attributesOfItem(atPath: gif.path + ".xmp")
        let gifMode = try FileManager.default.attributesOfItem(atPath: gif.path)[.posixPermissions] as? NSNumber
        XCTAssertEqual(info[.posixPermissions] as? NSNumber, gifMode, "a new sidecar takes the photo's mode")
    }

    func testThePreferenceDecidesWhereRatingsGo() throws {
        let scratch = Scratch()
        let photo = try cameraJPEG(scratch.path("a.jpg"))
        let bytes = try Data(contentsOf: photo)
        XCTAssertEqual(try writer.write(4, for: photo.path, storage: .lightboxOnly), RatingWriteResult())
        XCTAssertEqual(try writer.write(4, for: photo.path, storage: .sidecarsOnly).written, [photo.path + ".xmp"])
        XCTAssertEqual(try Data(contentsOf: photo), bytes, "sidecars only: the photo is never modified")
        // Back to photo files: the sidecar beside it is kept in agreement.
        let result = try writer.write(2, for: photo.path, storage: .photoFiles)
        XCTAssertEqual(result.written, [photo.path, photo.path + ".xmp"])
        XCTAssertEqual(try ExifTool.value("XMP:Rating", of: photo), "2")
        XCTAssertEqual(try ExifTool.value("XMP:Rating", of: URL(fileURLWithPath: photo.path + ".xmp")), "2")
    }

    func testAWriteThatCannotHappenSaysWhichFileAndWhy() throws {
        let scratch = Scratch()
        let photo = try PhotoFixtures.jpeg(at: scratch.path("a.gif.jpg"))
        XCTAssertThrowsError(try writer.write(1, for: scratch.path("gone.jpg").path, storage: .photoFiles)) { error in
            XCTAssertEqual((error as? RatingFileError)?.isGone, true)
        }
        // The sidecar's name is taken by a folder: no sidecar can be made.
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: photo.path)
        try FileManager.default.createDirectory(atPath: photo.path + ".xmp", withIntermediateDirectories: false)
        XCTAssertThrowsError(try writer.write(1, for: photo.path, storage: .photoFiles)) { error in
            let failure = error as? RatingFileError
            XCTAssertEqual(failure?.path, photo.path + ".xmp")
            XCTAssertEqual(failure?.isTransient, false)
            XCTAssertFalse(failure?.reason.isEmpty ?? true)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).sorted(),
                       ["a.gif.jpg", "a.gif.jpg.xmp"], "nothing left behind")
    }

    /// Runs a Python snippet with `argument`; throws what it said when it
    /// fails.
    private func python(_ code: String, _ argument: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", code, argument]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // A snippet's error is a few lines: read after the output, it
        // cannot fill its pipe meanwhile.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Problem("python3 -c \(code) \(argument): \(String(decoding: said, as: UTF8.self))")
        }
        return String(decoding: data, as: UTF8.self)
    }

    private func run(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "\(tool) \(arguments)")
    }
}
