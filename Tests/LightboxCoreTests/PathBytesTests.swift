import FilePaths
import XCTest

final class PathBytesTests: XCTestCase {
    /// Latin-1 "café ÿ.jpg", as an old camera or a Windows archive writes it.
    static let latin1Name: [UInt8] = Array("caf".utf8) + [0xE9, 0x20, 0xFF] + Array(".jpg".utf8)

    func testEveryByteStringComesBackUnchanged() {
        var random = Seeded(state: 20)
        // Bytes that make UTF-8 go wrong in every way, valid sequences
        // among them, and the UTF-8 of the scalars that spell kept bytes.
        let pieces: [[UInt8]] = [
            Array("a/".utf8), Array("é".utf8), Array("写".utf8), Array("😀".utf8),
            [0x80], [0xBF], [0xC0], [0xC3], [0xE9], [0xED, 0xA0, 0x80], [0xF0, 0x9F], [0xF4, 0x90, 0x80, 0x80],
            [0xFE], [0xFF], [0xF4, 0x8F, 0xBE, 0x80], [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x8F, 0xBE],
        ]
        for _ in 0..<2_000 {
            let bytes = (0..<Int.random(in: 0...8, using: &random)).flatMap { _ in
                pieces.randomElement(using: &random)!
            }
            let path = String(pathBytes: bytes)
            XCTAssertEqual(path.pathBytes, bytes)
            XCTAssertEqual(path.withPathCString { Array(UnsafeBufferPointer(start: $0, count: strlen($0))) }
                               .map { UInt8(bitPattern: $0) }, bytes)
            XCTAssertEqual(String(pathBytes: path.pathBytes), path, "one spelling per byte string")
        }
    }

    func testUTF8NamesAreTheStringsThemselves() {
        let name = "Été/写真 2024.jpg"
        XCTAssertEqual(String(pathBytes: Array(name.utf8)), name)
        XCTAssertFalse(name.hasKeptBytes)
        XCTAssertEqual(name.displayablePath, name)
        XCTAssertEqual(name.pathBytes, Array(name.utf8))
    }

    func testANameThatIsNotUTF8ShowsReplacementCharactersButKeepsItsBytes() {
        let path = String(pathBytes: Array("/photos/".utf8) + Self.latin1Name)
        XCTAssertTrue(path.hasKeptBytes)
        XCTAssertEqual(path.displayablePath, "/photos/caf\u{FFFD} \u{FFFD}.jpg")
        XCTAssertNotEqual(path, path.displayablePath, "the shown name does not name the file")
        XCTAssertEqual(path.pathBytes, Array("/photos/".utf8) + Self.latin1Name)
        XCTAssertTrue(path.hasSuffix(".jpg"))
    }

    func testAPrivateUseCharacterInAValidNameIsNotMistakenForAKeptByte() {
        // U+10FFE9 is valid UTF-8 (F4 8F BF A9); it must not read as the byte E9.
        let bytes = Array("x".utf8) + [0xF4, 0x8F, 0xBF, 0xA9]
        let path = String(pathBytes: bytes)
        XCTAssertEqual(path.pathBytes, bytes)
        XCTAssertNotEqual(path, String(pathBytes: Array("x".utf8) + [0xE9]))
    }

    func testPosixCallsReachTheFileTheBytesName() throws {
        let scratch = Scratch()
        let path = scratch.url.path + "/" + String(pathBytes: Self.latin1Name)
        let fd = path.withPathCString { open($0, O_CREAT | O_WRONLY, 0o644) }
        XCTAssertGreaterThanOrEqual(fd, 0)
        close(fd)
        // The directory holds exactly those bytes, which the string gives back.
        let listed = try XCTUnwrap(FileManager.default.contentsOfDirectory(atPath: scratch.url.path).first)
        XCTAssertNotEqual(listed, String(pathBytes: Self.latin1Name), "Foundation's listing repairs the name")
        var info = stat()
        XCTAssertEqual(Posix.stat(path, &info), 0)
        XCTAssertNotEqual(stat(path, &info), 0, "the string's UTF-8 names no file")
        let renamed = scratch.url.path + "/" + String(pathBytes: [0xFF, 0xFE])
        XCTAssertEqual(Posix.rename(path, renamed), 0)
        XCTAssertEqual(Posix.access(renamed, F_OK), 0)
        XCTAssertEqual(Posix.unlink(renamed), 0)
        XCTAssertNotEqual(Posix.lstat(renamed, &info), 0)
    }

    /// Paths sort as their bytes do (SQLite's order for the index), odd
    /// bytes, prefixes and non-ASCII letters included.
    func testPathsCompareAsTheirBytes() {
        var paths = ["/a/b", "/a/b/c", "/a/B", "/a/é", "/a/e", "", "/a/\u{10FF80}x", "/a/ b", "/a/b2", "/a/b10"]
        paths.append(String(pathBytes: [0x2F, 0x61, 0x2F, 0xFF]))
        paths.append(String(pathBytes: [0x2F, 0x61, 0x2F, 0x80]))
        for a in paths {
            for b in paths {
                XCTAssertEqual(a.precedesInUTF8(b), a.utf8.lexicographicallyPrecedes(b.utf8), "\(a) < \(b)")
            }
        }
        // A string bridged from Foundation may have no contiguous UTF-8.
        let bridged = NSString(string: "/a/b") as String
        XCTAssertTrue(bridged.precedesInUTF8("/a/c"))
        XCTAssertFalse("/a/c".precedesInUTF8(bridged))
    }
}
