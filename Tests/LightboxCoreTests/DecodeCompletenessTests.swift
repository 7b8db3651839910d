import Foundation
import Imaging
import XCTest

/// gdk-pixbuf decodes a cut-off JPEG or PNG without a word, filling in the
/// missing rows: the decoder checks the file's structure as it reads it,
/// in 64 KiB chunks, and refuses one that stops short.
final class DecodeCompletenessTests: XCTestCase {
    private let damaged = "The image is damaged or incomplete."

    private func assertRefusedAsDamaged(_ url: URL, _ message: String,
                                        file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try Imaging.decode(path: url.path, maxSize: 64), message, file: file, line: line) {
            XCTAssertEqual(($0 as? ImageError)?.message, damaged, message, file: file, line: line)
        }
    }

    func testACutOffFileIsToldFromAWholeOne() throws {
        let scratch = Scratch()
        // Noise: its entropy-coded data holds stuffed 0xFF bytes, and the
        // big one spans several of the decoder's reads.
        let small = try TestImages.jpeg(scratch.path("whole.jpg"), width: 200, height: 120, orientation: 6)
        let big = try TestImages.jpeg(scratch.path("big.jpg"), width: 700, height: 500, fill: Self.noise)
        let png = scratch.path("whole.png")
        try Imaging.encode(TestImages.pixels(width: 90, height: 60), to: png.path, as: .png, text: [("Title", "x")])
        XCTAssertGreaterThan(try Data(contentsOf: big).count, 3 * 65536)
        for whole in [small, big, png] {
            let name = whole.lastPathComponent
            XCTAssertNoThrow(try Imaging.decode(path: whole.path, maxSize: 64), name)
            let bytes = try Data(contentsOf: whole)
            // Data after the end marker (a motion photo's video, say) is fine.
            let trailing = scratch.path("trailing-" + name)
            try (bytes + Data(repeating: 0xFF, count: 300)).write(to: trailing)
            XCTAssertNoThrow(try Imaging.decode(path: trailing.path, maxSize: 64), name)
            // Cut anywhere, down to the end marker alone missing (a JPEG's
            // two-byte EOI; a PNG's IEND chunk, whose checksum alone is
            // not needed: every pixel came before it).
            let end = name.hasSuffix(".png") ? [bytes.count - 12, bytes.count - 5] : [bytes.count - 2, bytes.count - 1]
            let cuts = stride(from: 5, through: 99, by: 7).map { bytes.count * $0 / 100 } + end
            for count in cuts {
                let cut = scratch.path("cut-\(count)-" + name)
                try bytes.prefix(count).write(to: cut)
                assertRefusedAsDamaged(cut, "\(name) cut to \(count) of \(bytes.count) bytes")
            }
        }
    }

    /// A comment segment of each length from 65,527 to 65,533 bytes puts
    /// the next marker's 0xFF, its code and each length byte on either
    /// side of the first 64 KiB read; the comment itself spans it.
    func testMarkersSplitAcrossReadsAreFollowed() throws {
        let scratch = Scratch()
        let jpeg = try Data(contentsOf: TestImages.jpeg(scratch.path("base.jpg"), width: 120, height: 80, fill: Self.noise))
        for length in 65_527...65_533 {
            var bytes = Data(jpeg.prefix(2))  // SOI
            bytes += [0xFF, 0xFE, UInt8((length + 2) >> 8), UInt8((length + 2) & 0xFF)]
            bytes += Data(repeating: 0x41, count: length)
            bytes += jpeg.dropFirst(2)
            let whole = scratch.path("comment-\(length).jpg")
            try bytes.write(to: whole)
            XCTAssertNoThrow(try Imaging.decode(path: whole.path, maxSize: 64), "comment of \(length) bytes")
            let cut = scratch.path("comment-\(length)-cut.jpg")
            try bytes.prefix(bytes.count - 1).write(to: cut)
            assertRefusedAsDamaged(cut, "comment of \(length) bytes, cut")
        }
    }

    /// The check is fed what each read brings: its verdict must not depend
    /// on where the reads end, even one byte at a time.
    func testTheVerdictDoesNotDependOnHowTheBytesArrive() throws {
        let scratch = Scratch()
        let jpeg = [UInt8](try Data(contentsOf: TestImages.jpeg(scratch.path("a.jpg"), width: 160, height: 120, fill: Self.noise)))
        let pngURL = scratch.path("a.png")
        try Imaging.encode(TestImages.pixels(width: 40, height: 30), to: pngURL.path, as: .png, text: [("Title", "x")])
        let png = [UInt8](try Data(contentsOf: pngURL))
        let body = [UInt8](repeating: 7, count: 500)
        let webp = Array("RIFF".utf8) + [UInt8((body.count + 4) & 0xFF), UInt8((body.count + 4) >> 8), 0, 0] + Array("WEBP".utf8) + body
        // An EXIF thumbnail ends with its own EOI: the segment holding it is
        // passed over by its length, or a cut photo would pass for whole.
        let thumbnail: [UInt8] = [0xFF, 0xD8, 0xFF, 0xD9, 0xFF, 0xD9, 0x00, 0xFF, 0xD9]
        let withThumbnail = Array(jpeg[..<2]) + [0xFF, 0xE1, 0, UInt8(thumbnail.count + 2)] + thumbnail + Array(jpeg[2...])
        var cases: [(String, [UInt8], Completeness.Verdict)] = [("text", Array("not an image at all".utf8), .otherFormat)]
        for (name, bytes) in [("jpeg", jpeg), ("png", png), ("webp", webp), ("thumbnail", withThumbnail)] {
            cases.append((name, bytes, .whole))
            cases.append((name + " and more", bytes + [0xFF, 0xD8, 0xFF, 0x00], .whole))
            // (A PNG's last four bytes are IEND's checksum, not needed; twelve
            // bytes are enough to tell any of the formats.)
            for missing in [name == "png" ? 5 : 1, 13, bytes.count / 2, bytes.count - 12] {
                cases.append((name + " without \(missing) bytes", Array(bytes.dropLast(missing)), .incomplete))
            }
        }
        for (name, bytes, expected) in cases {
            for size in [1, 2, 3, 7, 64, 4096, bytes.count] {
                var check = Completeness()
                for start in stride(from: 0, to: bytes.count, by: size) {
                    check.feed(Array(bytes[start..<min(start + size, bytes.count)]))
                }
                XCTAssertEqual(check.verdict, expected, "\(name), in pieces of \(size)")
            }
        }
    }

    /// A file the decoder gives up on keeps the decoder's reason, however
    /// big it is: it was not read to its end, so it is not known to be cut.
    func testAFileTheDecoderRefusesKeepsItsReasonAtAnySize() throws {
        let scratch = Scratch()
        let png = try Data(contentsOf: {
            let url = scratch.path("base.png")
            try Imaging.encode(TestImages.pixels(width: 40, height: 30), to: url.path, as: .png)
            return url
        }())
        // IHDR's checksum broken; a big text chunk puts IEND past the first read.
        var broken = png
        broken[29] ^= 0xFF
        let text = Array("Comment".utf8) + [0] + [UInt8](repeating: 0x61, count: 200_000)
        let chunk = TestImages.chunk("tEXt", text)
        var messages: [String?] = []
        for (name, bytes) in [("small.png", broken), ("big.png", broken.prefix(33) + chunk + broken.dropFirst(33))] {
            let url = scratch.path(name)
            try Data(bytes).write(to: url)
            XCTAssertThrowsError(try Imaging.decode(path: url.path, maxSize: 64), name) {
                messages.append(($0 as? ImageError)?.message)
            }
        }
        XCTAssertEqual(messages.count, 2)
        XCTAssertEqual(messages.first, messages.last, "the same reason whatever the size")
        XCTAssertNotEqual(messages.first, damaged)
        XCTAssertNotEqual(messages.first, "The file is not an image Lightbox can read.")
    }

    private static func noise(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        let v = UInt8(truncatingIfNeeded: (x &* 7919) ^ (y &* 104_729) ^ (x &* y))
        return (v, v &* 3, v &+ UInt8(truncatingIfNeeded: y))
    }
}
