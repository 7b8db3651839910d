import FilePaths
import Foundation
import Imaging
@testable import LightboxCore
import XCTest

/// A photo whose name is not UTF-8 (Latin-1 "café ÿ.jpg") goes through the
/// same paths as any other: found, read by a decoder, thumbnailed under the
/// URI of its bytes, rated into the file, copied, trashed and put back.
final class OddFileNameTests: XCTestCase {
    private let scratch = Scratch()
    private var root: String { scratch.path("photos").standardizedFileURL.path }
    private var photo: String { root + "/" + String(pathBytes: PathBytesTests.latin1Name) }

    override func setUpWithError() throws {
        let plain = try PhotoFixtures.jpeg(at: scratch.path("photos/plain.jpg"), width: 80, height: 60)
        XCTAssertEqual(Posix.rename(plain.path, photo), 0)
    }

    @MainActor
    func testAPhotoNamedInLatin1IsShownReadRatedTrashedAndRestored() async throws {
        let library = PhotoLibrary(index: try LibraryIndex())
        let logic = PhotoListLogic(library: library, trash: FolderTrash(folder: scratch.path("trash")))
        await logic.sendAndSettle(.openFolderAt(root))
        let shown = try XCTUnwrap(logic.state.shown.first)
        XCTAssertEqual(logic.state.shown.count, 1)
        XCTAssertEqual(shown.path.pathBytes, Array(root.utf8) + [UInt8(ascii: "/")] + PathBytesTests.latin1Name)
        XCTAssertEqual(shown.title, "caf\u{FFFD} \u{FFFD}")
        XCTAssertEqual(shown.fileName, "caf\u{FFFD} \u{FFFD}.jpg")

        // Its metadata came from a decoder, which opened it by its bytes.
        for _ in 0..<500 where logic.photo(at: photo)?.metadata?.pixelWidth == nil {
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        XCTAssertEqual(logic.photo(at: photo)?.metadata?.pixelWidth, 80)

        logic.send(.edit(.rate(path: photo, stars: 4)))
        await library.ratings.settled()
        // exiftool reads it through a second, plain name of the same file.
        let alias = scratch.path("alias.jpg")
        XCTAssertEqual(Posix.link(photo, alias.path), 0)
        XCTAssertEqual(try ExifTool.value("XMP:Rating", of: alias), "4")
        XCTAssertEqual(Posix.unlink(alias.path), 0)

        await logic.sendAndSettle(.trashPhoto(photo))
        XCTAssertEqual(logic.state.notice?.value.button, .undo, "trashed: \(String(describing: logic.state.notice))")
        var info = stat()
        XCTAssertNotEqual(Posix.stat(photo, &info), 0)
        XCTAssertTrue(logic.state.shown.isEmpty)
        await logic.sendAndSettle(.noticeButtonPressed)
        XCTAssertEqual(Posix.stat(photo, &info), 0, "back under its own bytes")
        XCTAssertEqual(logic.state.shown.map(\.path), [photo])
        XCTAssertEqual(logic.photo(at: photo)?.rating, 4)
    }

    func testItsThumbnailIsMadeAndFoundUnderTheURIOfItsBytes() throws {
        let cache = ThumbnailCache(directories: XDGDirectories(environment: scratch.directories))
        let uri = cache.uri(for: photo)
        XCTAssertTrue(uri.hasSuffix("/caf%E9%20%FF.jpg"), uri)
        let source = try XCTUnwrap(ThumbnailSource(path: photo))
        let pixels = try cache.thumbnail(for: source, size: .normal)
        XCTAssertEqual(pixels.width, 80, "not enlarged")
        XCTAssertEqual(cache.lookup(source, size: .normal), .thumbnail(cache.path(for: uri, size: .normal)))
    }

    func testItIsCopiedAndMovedUnderTheSameBytes() async throws {
        let copies = scratch.path("copies").path, moved = scratch.path("moved").path
        for folder in [copies, moved] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        let name = String(pathBytes: PathBytesTests.latin1Name)
        let copy = await PhotoTransfer().run([photo], to: copies, mode: .copy, resolve: { _ in nil })
        XCTAssertEqual(copy.done.map(\.to), [copies + "/" + name])
        let move = await PhotoTransfer().run([photo], to: moved, mode: .move, resolve: { _ in nil })
        XCTAssertEqual(move.done.map(\.to), [moved + "/" + name])
        var info = stat()
        XCTAssertEqual(Posix.stat(copies + "/" + name, &info), 0)
        XCTAssertEqual(Posix.stat(moved + "/" + name, &info), 0)
        XCTAssertNotEqual(Posix.stat(photo, &info), 0)
    }
}
