import Foundation
import Imaging
import InProcessImaging
@testable import LightboxCore
import XCTest

/// A folder scan reads a TIFF-based RAW's metadata from the bytes it lies
/// in, found by the decoder's own reader (Sources/Decoder/CRaw/
/// tiff-raw.c), not through exiv2's mapping of the whole file: the same
/// fields as exiv2 reading the whole file gives, from tens of kilobytes.
final class RawMetadataReadingTests: XCTestCase {
    private let decoders = DecoderPool(.standard())
    /// exiv2 on the whole file, in this process: what the fields must be.
    private let wholeFile = DecoderPool.inProcessForBenchmarks()

    private static let kinds = [("nef", "DSC_0030.NEF"), ("arw", "DSC00030.ARW"), ("orf", "P1000030.ORF"),
                                ("cr2", "IMG_0030.CR2"), ("dng-preview", "PXL_0030.dng"),
                                ("dng-sensor", "PXL_0031.dng")]

    func testARawsMetadataIsWhatExiv2ReadsFromTheWholeFile() throws {
        let scratch = Scratch()
        for (kind, name) in Self.kinds {
            let file = scratch.path(name)
            try RawSamples.write(kind, at: file, size: "1200x800", orientation: 6)
            let read = try XCTUnwrap(decoders.metadata(path: file.path), kind)
            XCTAssertEqual(read, wholeFile.metadata(path: file.path), kind)
            XCTAssertEqual(read.orientation, 6, kind)
            XCTAssertEqual([read.pixelWidth, read.pixelHeight], [1200, 800], kind)
            XCTAssertNotNil(read.dateTaken, kind)
            XCTAssertNotNil(read.cameraMake, kind)
            XCTAssertEqual(read.iso, 200, kind)
            XCTAssertEqual(read.exposureTime.map { [$0.numerator, $0.denominator] }, [1, 125], kind)
        }
    }

    func testWhatAnotherToolWroteIntoARawIsRead() throws {
        let scratch = Scratch()
        for (kind, name) in Self.kinds {
            let file = scratch.path(name)
            try RawSamples.write(kind, at: file, size: "1200x800")
            // XMP in IFD0 (tag 700), and EXIF's own rating.
            try ExifTool.run(["-q", "-overwrite_original", "-XMP-xmp:Rating=4", "-XMP-xmp:Label=Red",
                              "-XMP-dc:Subject=Alps", "-XMP-dc:Subject=Glacier", "-XMP-dc:Title=Mer de Glace",
                              "-XMP-dc:Description=Under the Aiguille du Dru", file.path])
            let read = try XCTUnwrap(decoders.metadata(path: file.path), kind)
            XCTAssertEqual(read, wholeFile.metadata(path: file.path), kind)
            XCTAssertEqual(read.rating, 4, kind)
            XCTAssertEqual(read.label, "Red", kind)
            XCTAssertEqual(read.keywords, ["Alps", "Glacier"], kind)
            XCTAssertEqual(read.title, "Mer de Glace", kind)
            XCTAssertEqual(read.caption, "Under the Aiguille du Dru", kind)
            // IPTC, which exiv2 takes only from the whole file: read so.
            try ExifTool.run(["-q", "-overwrite_original", "-IPTC:ObjectName=Dru", "-XMP-dc:Title=", file.path])
            let withIPTC = try XCTUnwrap(decoders.metadata(path: file.path), kind)
            XCTAssertEqual(withIPTC, wholeFile.metadata(path: file.path), kind)
            XCTAssertEqual(withIPTC.title, "Dru", kind)
        }
    }

    func testARawsMetadataReadsItsFirstKilobytesNotTheFile() throws {
        let scratch = PageCache.scratchOnDisk()
        for (kind, name) in Self.kinds {
            let file = scratch.path(name)
            // 2400×1600 sensors: megabytes of sensor data and previews.
            try RawSamples.write(kind, at: file, size: "2400x1600",
                                 previews: kind == "dng-sensor" ? [] : ["1024x683:blue"])
            guard PageCache.evict(file) else { return XCTFail("\(kind): its pages could not be dropped") }
            XCTAssertNotNil(decoders.metadata(path: file.path), kind)
            let read = PageCache.resident(file)
            let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int)
            // exiv2 read all of each of these files (its mapping's read-ahead).
            XCTAssertLessThanOrEqual(read, 32 * 1024, "\(kind): \(read) bytes of \(size) read")
        }
    }
}
