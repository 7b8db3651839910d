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
        try libjxlTool("cjxl", source, output, options)
    }

    /// Runs cjxl or djxl (Debian: libjxl-tools) on `source`, writing `output`.
    private func libjxlTool(_ name: String, _ source: URL, _ output: URL, _ options: [String] = []) throws {
        let path = "/usr/bin/\(name)"
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw Problem("\(name) is not installed (Debian: libjxl-tools): run scripts/install-deps.sh --test")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = [source.path, output.path] + options
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "\(name) \(process.arguments ?? [])")
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

    // MARK: EXIF and XMP in the container's boxes

    /// A container's boxes in order, each its type and payload (after a
    /// 32- or 64-bit size); none for a bare codestream.
    private func boxes(_ data: Data) -> [(type: String, payload: Data)] {
        let bytes = [UInt8](data)
        func number(_ at: Int, _ count: Int) -> Int { bytes[at..<at + count].reduce(0) { $0 << 8 | Int($1) } }
        guard bytes.count >= 12, Array(bytes[0..<12]) == [0, 0, 0, 12, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]
        else { return [] }
        var found: [(type: String, payload: Data)] = []
        var at = 0
        while at + 8 <= bytes.count {
            var size = number(at, 4), header = 8
            if size == 1, at + 16 <= bytes.count { size = number(at + 8, 8); header = 16 }
            if size == 0 { size = bytes.count - at }
            guard size >= header, size <= bytes.count - at else { break }
            found.append((String(decoding: bytes[at + 4..<at + 8], as: UTF8.self), Data(bytes[at + header..<at + size])))
            at += size
        }
        return found
    }

    /// A box of `type` holding `payload`, its size in 32 bits.
    private func box(_ type: String, _ payload: Data) -> Data {
        let size = UInt32(8 + payload.count)
        return Data([UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)])
            + Data(type.utf8) + payload
    }

    /// A 300×200 JPEG XL container (signature, ftyp, the picture in a jxlc
    /// box) with `after` following its codestream: no metadata of its own.
    private func container(_ scratch: Scratch, after: Data = Data()) throws -> URL {
        let source = scratch.path("container-source.jxl")
        try cjxl(try png(scratch), source, ["-d", "1"])
        let made = try Data(contentsOf: source)
        var picture = Data()
        if made.starts(with: [0xFF, 0x0A]) {
            // A bare codestream, put in a container as any writer may.
            picture = box("JXL ", Data([0x0D, 0x0A, 0x87, 0x0A])) + box("ftyp", Data("jxl \0\0\0\0jxl ".utf8))
                + box("jxlc", made)
        } else {
            XCTAssertFalse(boxes(made).contains { ["Exif", "xml ", "brob"].contains($0.type) }, "no metadata boxes")
            picture = made
        }
        let url = scratch.path("container-\(UUID().uuidString).jxl")
        try (picture + after).write(to: url)
        return url
    }

    /// Asserts that `url` reads as a 300×200 picture with no metadata fields.
    private func assertNoFields(_ url: URL, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let metadata = Imaging.metadata(path: url.path) else {
            return XCTFail("\(what): no metadata, not even the codestream's size", file: file, line: line)
        }
        XCTAssertEqual([metadata.pixelWidth, metadata.pixelHeight, metadata.orientation], [300, 200, 1], what,
                       file: file, line: line)
        let texts = [metadata.dateTaken, metadata.cameraMake, metadata.cameraModel, metadata.title, metadata.label,
                     metadata.caption]
        XCTAssertEqual(texts.compactMap { $0 } + metadata.keywords, [], what, file: file, line: line)
        XCTAssertNil(metadata.exposureTime, what, file: file, line: line)
        XCTAssertEqual([metadata.fNumber, metadata.focalLength].compactMap { $0 }, [], what, file: file, line: line)
        XCTAssertEqual([metadata.iso, metadata.rating].compactMap { $0 }, [], what, file: file, line: line)
    }

    func testEXIFAndXMPOfAJPEGTranscodedToJxlAreReadFromItsBrotliBoxes() throws {
        let scratch = Scratch()
        let source = try jpeg(scratch, orientation: 6)
        try ExifTool.write(["-DateTimeOriginal=2021:06:05 14:30:00", "-Make=FUJIFILM", "-Model=X-T4",
                            "-ExposureTime=1/250", "-FNumber=5.6", "-FocalLength=35", "-ISO=400",
                            "-XMP-xmp:Rating=4", "-XMP-xmp:Label=Red", "-XMP-dc:Title=Harbour",
                            "-XMP-dc:Description=Boats at dawn", "-XMP-dc:Subject=boats", "-XMP-dc:Subject=sea"],
                           to: source)
        // cjxl 0.7 keeps a JPEG's EXIF and XMP in brob boxes (Brotli), which
        // exiftool 12.57 does not read: the JPEG that djxl rebuilds from
        // them shows they carry what was written.
        let jxl = scratch.path("harbour.jxl")
        try cjxl(source, jxl)
        let found = boxes(try Data(contentsOf: jxl))
        XCTAssertTrue(found.contains { $0.type == "brob" && $0.payload.starts(with: Data("Exif".utf8)) }, "\(found.map(\.type))")
        XCTAssertTrue(found.contains { $0.type == "brob" && $0.payload.starts(with: Data("xml ".utf8)) }, "\(found.map(\.type))")
        XCTAssertFalse(found.contains { $0.type == "Exif" || $0.type == "xml " }, "compressed, not as they are")
        let rebuilt = scratch.path("rebuilt.jpg")
        try libjxlTool("djxl", jxl, rebuilt)
        XCTAssertEqual(try ExifTool.value("XMP-xmp:Label", of: rebuilt), "Red")
        XCTAssertEqual(try ExifTool.value("Model", of: rebuilt), "X-T4")

        let metadata = try XCTUnwrap(Imaging.metadata(path: jxl.path))
        XCTAssertEqual(metadata.dateTaken, "2021:06:05 14:30:00")
        XCTAssertEqual(metadata.cameraMake, "FUJIFILM")
        XCTAssertEqual(metadata.cameraModel, "X-T4")
        XCTAssertEqual(metadata.exposureTime, ExposureTime(numerator: 1, denominator: 250))
        XCTAssertEqual(metadata.fNumber, 5.6)
        XCTAssertEqual(metadata.focalLength, 35)
        XCTAssertEqual(metadata.iso, 400)
        XCTAssertEqual(metadata.rating, 4)
        XCTAssertEqual(metadata.label, "Red")
        XCTAssertEqual(metadata.title, "Harbour")
        XCTAssertEqual(metadata.caption, "Boats at dawn")
        XCTAssertEqual(metadata.keywords, ["boats", "sea"])
        // The EXIF says 6, which cjxl moved into the codestream: libjxl
        // turns the picture by it, and it is never applied again.
        XCTAssertEqual([metadata.pixelWidth, metadata.pixelHeight, metadata.orientation], [200, 300, 1])
    }

    func testEXIFAndXMPBoxesAfterTheCodestreamAreRead() throws {
        let scratch = Scratch()
        // exiftool appends Exif and xml boxes as they are, after the codestream.
        let jxl = try container(scratch)
        try ExifTool.write(["-DateTimeOriginal=2022:01:02 03:04:05", "-Make=Canon", "-Model=Canon EOS R6",
                            "-XMP-xmp:Rating=2", "-XMP-xmp:Label=Green"], to: jxl)
        XCTAssertEqual(boxes(try Data(contentsOf: jxl)).map(\.type).suffix(2), ["Exif", "xml "])
        XCTAssertEqual(try ExifTool.value("Model", of: jxl), "Canon EOS R6")
        XCTAssertEqual(try ExifTool.value("XMP-xmp:Rating", of: jxl), "2")

        let metadata = try XCTUnwrap(Imaging.metadata(path: jxl.path))
        XCTAssertEqual(metadata.dateTaken, "2022:01:02 03:04:05")
        XCTAssertEqual(metadata.cameraMake, "Canon")
        XCTAssertEqual(metadata.cameraModel, "Canon EOS R6")
        XCTAssertEqual(metadata.rating, 2)
        XCTAssertEqual(metadata.label, "Green")
        XCTAssertEqual([metadata.pixelWidth, metadata.pixelHeight, metadata.orientation], [300, 200, 1])
    }

    func testMetadataBoxesTooLargeLyingOrDamagedAreLeftUnread() throws {
        let scratch = Scratch()
        // EXIF as exiftool writes it (its Exif box's payload: a 4-byte
        // offset, then TIFF), which the padded cases below reuse.
        let written = try container(scratch)
        try ExifTool.write(["-Make=Canon", "-Model=Canon EOS R6"], to: written)
        let exif = try XCTUnwrap(boxes(try Data(contentsOf: written)).first { $0.type == "Exif" }?.payload)
        let limit = 1 << 20
        let padded = { (size: Int) in exif + Data(count: size - exif.count) }
        // Just within the limit, the EXIF is read: what follows is refused for its size.
        let within = try container(scratch, after: box("Exif", padded(limit)))
        XCTAssertEqual(Imaging.metadata(path: within.path)?.cameraModel, "Canon EOS R6", "1 MiB of EXIF")
        assertNoFields(try container(scratch, after: box("Exif", padded(limit + 1))), "an Exif box over 1 MiB")

        let tiffHeader = Data([0, 0, 0, 0]) + Data("MM\0*".utf8)
        var huge = Data([0, 0, 0, 1]) + Data("Exif".utf8) + Data([0x40, 0, 0, 0, 0, 0, 0, 0])  // 2^62 bytes
        huge += tiffHeader + Data(repeating: 0xAB, count: 64)
        let cases: [(String, Data)] = [
            ("an Exif box claiming 2^62 bytes", huge),
            ("an Exif box claiming 4 GiB", Data([0xFF, 0xFF, 0xFF, 0xFF]) + Data("Exif".utf8) + tiffHeader),
            ("an xml box claiming more than the file", Data([0, 0x10, 0, 0]) + Data("xml ".utf8) + Data("<x:xmpmeta".utf8)),
            ("a box smaller than its header", Data([0, 0, 0, 4]) + Data("Exif".utf8) + tiffHeader),
            ("garbage in the Exif box", box("Exif", Data((0..<600).map { UInt8(truncatingIfNeeded: $0 &* 73 &+ 11) }))),
            ("a TIFF header leading nowhere", box("Exif", tiffHeader + Data([0xFF, 0xFF, 0xFF, 0xF0]) + Data(count: 40))),
            ("an offset past the box", box("Exif", Data([0x7F, 0xFF, 0xFF, 0xFF]) + tiffHeader)),
            ("garbage compressed", box("brob", Data("Exif".utf8) + Data((0..<300).map { UInt8(truncatingIfNeeded: $0 &* 31) }))),
            ("a brob box with no type", box("brob", Data("Ex".utf8))),
            ("XMP that is not XML", box("xml ", Data("<x:xmpmeta xmlns:x='adobe:ns:meta/'><rdf:RDF".utf8))),
        ]
        for (what, boxes) in cases {
            let url = try container(scratch, after: boxes)
            assertNoFields(url, what)
            // The picture is still decoded, and the decoder lives on.
            XCTAssertEqual(try decoders.decode(path: url.path, maxSize: 300).width, 300, what)
        }
    }

    func testABareCodestreamHasItsSizeAndNoMetadataFields() throws {
        let scratch = Scratch()
        let jxl = scratch.path("bare.jxl")
        try cjxl(try png(scratch), jxl, ["-d", "1", "--container=0"])
        XCTAssertTrue(try Data(contentsOf: jxl).starts(with: [0xFF, 0x0A]), "a bare codestream")
        assertNoFields(jxl, "a bare codestream")
        XCTAssertEqual(decoders.probe(path: jxl.path), ImageProbe(width: 300, height: 200, mimeType: "image/jxl"))
    }
}
