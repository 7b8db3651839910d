import Foundation
import Imaging
@testable import LightboxCore
import XCTest

final class ThumbnailCacheTests: XCTestCase {
    func testNamesAreTheMD5OfTheURIGLibMakes() {
        let scratch = Scratch()
        let cache = scratch.cache
        // Expected values from g_filename_to_uri + g_compute_checksum_for_string,
        // cross-checked with python3 hashlib.md5.
        let cases = [
            ("/tmp/a b.jpg", "file:///tmp/a%20b.jpg", "45f1b47640b52dc5428fd58ac89fec15"),
            ("/photos/Été #1 100%.jpg", "file:///photos/%C3%89t%C3%A9%20%231%20100%25.jpg",
             "ed1a15a2abd50b21859faec0d33e48b9"),
            ("/p/a+b&c=d,e;f@g:h$i'(j)~k!l*m.jpg", "file:///p/a+b&c=d,e%3Bf@g:h$i'(j)~k!l*m.jpg",
             "2c49fcd8fd9e51754e6dbe4e7c8c9e91"),
            ("/p/日本.png", "file:///p/%E6%97%A5%E6%9C%AC.png", "47bbeaf528f9fc6ca8fb3731b2672772"),
        ]
        for (path, uri, md5) in cases {
            XCTAssertEqual(cache.uri(for: path), uri)
            XCTAssertEqual(cache.hash(of: uri), md5)
            XCTAssertEqual(cache.path(for: uri, size: .normal).path,
                           scratch.path("cache/thumbnails/normal/\(md5).png").path)
        }
        let uri = "file:///tmp/a%20b.jpg"
        XCTAssertEqual(ThumbnailSize.allCases.map { cache.path(for: uri, size: $0).deletingLastPathComponent().lastPathComponent },
                       ["normal", "large", "x-large", "xx-large"])
        XCTAssertEqual(ThumbnailSize.allCases.map(\.pixels), [128, 256, 512, 1024])
        XCTAssertEqual(cache.failurePath(for: uri).path,
                       scratch.path("cache/thumbnails/fail/lightbox-0.1.0/45f1b47640b52dc5428fd58ac89fec15.png").path)
    }

    func testAnswersFitTheShownSizeWhileTheCacheKeepsTheStandardOne() throws {
        let scratch = Scratch()
        let cache = scratch.cache
        let photo = try TestImages.jpeg(scratch.path("photos/wide.jpg"), width: 600, height: 400)
        let source = try XCTUnwrap(ThumbnailSource(path: photo.path))
        // Made now: written at 256, answered at 180.
        let made = cache.load(source, size: .large, fitting: 180)
        XCTAssertEqual(made.origin, .decoded)
        let fresh = try made.result.get()
        XCTAssertEqual([fresh.width, fresh.height], [180, 120])
        let file = cache.path(for: cache.uri(for: photo.path), size: .large)
        XCTAssertEqual(try Imaging.decode(path: file.path, maxSize: 1024).width, 256)
        // From the disk cache: answered at 180 too.
        let again = cache.load(source, size: .large, fitting: 180)
        XCTAssertEqual(again.origin, .disk)
        let cached = try again.result.get()
        XCTAssertEqual([cached.width, cached.height], [180, 120])
        // A shown size above the thumbnail's changes nothing.
        XCTAssertEqual(try cache.load(source, size: .large, fitting: 1000).result.get().width, 256)
    }

    func testWritesAStandardThumbnailPrivatelyAndAtomically() throws {
        let scratch = Scratch()
        let cache = scratch.cache
        let photo = try TestImages.jpeg(scratch.path("photos/Été #1 100%.jpg"), width: 300, height: 200)
        let source = try XCTUnwrap(ThumbnailSource(path: photo.path))
        let pixels = try cache.thumbnail(for: source, size: .normal)
        XCTAssertEqual([pixels.width, pixels.height], [128, 85])

        let uri = cache.uri(for: photo.path)
        let file = cache.path(for: uri, size: .normal)
        let text = try XCTUnwrap(PNGText.read(from: file))
        XCTAssertEqual(text["Thumb::URI"], "file://\(scratch.url.path)/photos/%C3%89t%C3%A9%20%231%20100%25.jpg")
        XCTAssertEqual(text["Thumb::MTime"], String(source.modificationTime))
        XCTAssertEqual(text["Thumb::Size"], String(source.fileSize))
        XCTAssertEqual(text["Thumb::Mimetype"], "image/jpeg")
        XCTAssertEqual(text["Thumb::Image::Width"], "300")
        XCTAssertEqual(text["Thumb::Image::Height"], "200")
        XCTAssertEqual(text["Software"], "Lightbox 0.1.0")
        XCTAssertEqual(try Imaging.decode(path: file.path, maxSize: 1024).width, 128)

        XCTAssertEqual(permissions(file), 0o600)
        XCTAssertEqual(permissions(file.deletingLastPathComponent()), 0o700)
        XCTAssertEqual(permissions(cache.root), 0o700)
        // Only the thumbnail: the temporary file was renamed.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path),
                       [file.lastPathComponent])
        XCTAssertEqual(cache.lookup(source, size: .normal), .thumbnail(file))
    }

    func testAThumbnailIsValidOnlyForTheFilesModificationTime() throws {
        let scratch = Scratch()
        let cache = scratch.cache
        let photo = try TestImages.jpeg(scratch.path("a.jpg"), width: 64, height: 48)
        scratch.setModificationTime(photo, 1_600_000_000)
        let old = try XCTUnwrap(ThumbnailSource(path: photo.path))
        XCTAssertEqual(cache.load(old, size: .normal).origin, .decoded)
        XCTAssertEqual(cache.load(old, size: .normal).origin, .disk)

        scratch.setModificationTime(photo, 1_600_000_100)
        let touched = try XCTUnwrap(ThumbnailSource(path: photo.path))
        XCTAssertEqual(cache.lookup(touched, size: .normal), .missing)
        XCTAssertEqual(cache.load(touched, size: .normal).origin, .decoded)
        let file = cache.path(for: cache.uri(for: photo.path), size: .normal)
        XCTAssertEqual(PNGText.read(from: file)?["Thumb::MTime"], "1600000100")
        XCTAssertEqual(cache.load(touched, size: .normal).origin, .disk)
        // The old version's thumbnail is gone with it.
        XCTAssertEqual(cache.lookup(old, size: .normal), .missing)
    }

    func testAnotherProgramsValidThumbnailIsUsedAsItIs() throws {
        let scratch = Scratch()
        let cache = scratch.cache
        let photo = try TestImages.jpeg(scratch.path("a b.jpg"), width: 400, height: 300) { _, _ in (255, 0, 0) }
        let source = try XCTUnwrap(ThumbnailSource(path: photo.path))
        let uri = cache.uri(for: photo.path)
        let foreign = cache.path(for: uri, size: .large)
        try FileManager.default.createDirectory(at: foreign.deletingLastPathComponent(), withIntermediateDirectories: true)
        // A blue thumbnail, as a file manager would write it: only URI and MTime.
        try Imaging.encode(TestImages.solid(width: 256, height: 192, (0, 0, 255)), to: foreign.path, as: .png,
                           text: [("Thumb::URI", uri), ("Thumb::MTime", String(source.modificationTime))])

        let loaded = cache.load(source, size: .large)
        XCTAssertEqual(loaded.origin, .disk)
        let pixels = try loaded.result.get()
        XCTAssertEqual(TestImages.rgb(pixels, 10, 10).2, 255)
        // A larger valid thumbnail serves a smaller request too.
        let normal = cache.load(source, size: .normal)
        XCTAssertEqual(normal.origin, .disk)
        XCTAssertEqual(try normal.result.get().width, 128)
        XCTAssertEqual(TestImages.rgb(try normal.result.get(), 5, 5).2, 255)

        // Not a match: another URI in the same file name is ignored.
        try Imaging.encode(TestImages.solid(width: 256, height: 192, (0, 0, 255)), to: foreign.path, as: .png,
                           text: [("Thumb::URI", uri + "x"), ("Thumb::MTime", String(source.modificationTime))])
        XCTAssertEqual(cache.lookup(source, size: .large), .missing)
        let remade = cache.load(source, size: .large)
        XCTAssertEqual(remade.origin, .decoded)
        XCTAssertGreaterThan(TestImages.rgb(try remade.result.get(), 10, 10).0, 200)
    }

    func testEXIFOrientationIsApplied() throws {
        let scratch = Scratch()
        // Left half red, right half blue; orientation 6 turns it a quarter clockwise.
        let photo = try TestImages.jpeg(scratch.path("turned.jpg"), width: 40, height: 20, orientation: 6) { x, _ in
            x < 20 ? (255, 0, 0) : (0, 0, 255)
        }
        XCTAssertEqual(Imaging.metadata(path: photo.path)?.orientation, 6)
        let pixels = try scratch.cache.thumbnail(for: try XCTUnwrap(ThumbnailSource(path: photo.path)), size: .normal)
        XCTAssertEqual([pixels.width, pixels.height], [20, 40])
        XCTAssertGreaterThan(TestImages.rgb(pixels, 10, 5).0, 200)   // top: the red left half
        XCTAssertGreaterThan(TestImages.rgb(pixels, 10, 35).2, 200)  // bottom: the blue right half
    }

    func testALargePhotoIsDecodedToTheThumbnailSize() throws {
        let scratch = Scratch()
        let photo = try TestImages.jpeg(scratch.path("big.jpg"), width: 4000, height: 3000)
        let source = try XCTUnwrap(ThumbnailSource(path: photo.path))
        let start = Date()
        let pixels = try scratch.cache.thumbnail(for: source, size: .large)
        XCTAssertEqual([pixels.width, pixels.height], [256, 192])
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
        let text = PNGText.read(from: scratch.cache.path(for: scratch.cache.uri(for: photo.path), size: .large))
        XCTAssertEqual(text?["Thumb::Image::Width"], "4000")
        XCTAssertEqual(text?["Thumb::Image::Height"], "3000")
    }

    func testTextChunksRoundTripIncludingNonLatinText() throws {
        let scratch = Scratch()
        let file = scratch.path("t.png")
        try Imaging.encode(TestImages.solid(width: 2, height: 2, (1, 2, 3)), to: file.path, as: .png,
                           text: [("Thumb::URI", "file:///a"), ("Title", "Été ✓ 日本")])
        let text = try XCTUnwrap(PNGText.read(from: file))
        XCTAssertEqual(text["Thumb::URI"], "file:///a")
        XCTAssertEqual(text["Title"], "Été ✓ 日本")
        XCTAssertNil(PNGText.read(from: scratch.file("not.png", "hello")))
        XCTAssertNil(PNGText.read(from: scratch.path("missing.png")))
    }
}
