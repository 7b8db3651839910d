import Foundation
import GRDB
@testable import LightboxCore
import XCTest

final class LibraryIndexTests: XCTestCase {
    /// An index written before files were kept in path order: opening it
    /// moves its rows over, metadata and ratings included, and marks the
    /// files to be read again for the ratings they state.
    func testAnIndexFromTheColumnsLayoutKeepsItsFilesWhenUpgraded() throws {
        let scratch = Scratch()
        let url = scratch.path("data/library.sqlite")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let old = try DatabaseQueue(path: url.path)
        try old.write { db in
            // The layout as migrations v1 and v2 left it.
            try db.execute(sql: """
                CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                INSERT INTO grdb_migrations VALUES ('v1'), ('v2: metadata in columns');
                CREATE TABLE rating (path TEXT NOT NULL PRIMARY KEY, stars INTEGER NOT NULL);
                CREATE TABLE file (path TEXT NOT NULL PRIMARY KEY, size INTEGER NOT NULL, mtime INTEGER NOT NULL,
                    has_metadata INTEGER, width INTEGER, height INTEGER, taken DOUBLE, make TEXT, model TEXT,
                    title TEXT, exposure_num INTEGER, exposure_den INTEGER, f_number DOUBLE, focal_length DOUBLE,
                    iso INTEGER, orientation INTEGER);
                INSERT INTO file VALUES ('/photos/b.jpg', 20, 200, 0, NULL, NULL, NULL, NULL, NULL, NULL,
                    NULL, NULL, NULL, NULL, NULL, NULL);
                INSERT INTO file VALUES ('/photos/a.jpg', 10, 100, 1, 4000, 3000, 1686839400, 'Canon', 'EOS R6',
                    'Harbour', 1, 250, 2.8, 35, 400, 6);
                INSERT INTO rating VALUES ('/photos/a.jpg', 4);
                """)
        }
        try old.close()

        let index = try LibraryIndex(url: url)
        let files = try index.files(under: "/photos")
        XCTAssertEqual(Set(files.keys), ["/photos/a.jpg", "/photos/b.jpg"])
        let a = try XCTUnwrap(files["/photos/a.jpg"])
        XCTAssertEqual(a.size, 10)
        XCTAssertEqual(a.modificationTime, 100)
        XCTAssertEqual(a.metadata, PhotoMetadata(
            pixelWidth: 4000, pixelHeight: 3000, dateTaken: Date(timeIntervalSince1970: 1_686_839_400),
            cameraMake: "Canon", cameraModel: "EOS R6", exposureNumerator: 1,
            exposureDenominator: 250, fNumber: 2.8, focalLength: 35, iso: 400, orientation: 6))
        XCTAssertEqual(a.tags, PhotoTags(title: "Harbour"), "the title, with the tags the file states")
        XCTAssertNil(files["/photos/b.jpg"]?.metadata)
        XCTAssertEqual(try index.rating(of: "/photos/a.jpg"), 4)
        // Ratings were not read from files then: each is read once more,
        // the rating given in Lightbox standing (PhotoLibrary.adopts).
        XCTAssertEqual(a.sidecar, .unread)
        XCTAssertFalse(a.isCurrent(for: ScannedFile(path: "/photos/a.jpg", size: 10, modificationTime: 100)))
        XCTAssertNil(a.statedRating)
        XCTAssertEqual(try index.pendingWrites(), [], "the write queue starts empty")

        // Rows written after the upgrade land in the same table.
        try index.save([IndexedFile(path: "/photos/c.jpg", size: 30, modificationTime: 300, metadata: nil)])
        XCTAssertEqual(try index.files(under: "/photos").count, 3)
        let layout = try DatabaseQueue(path: url.path).read { db in
            try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'file'")
        }
        XCTAssertTrue(layout?.contains("WITHOUT ROWID") ?? false, layout ?? "no file table")
    }

    /// A damaged index (values of the wrong type where another program or a
    /// bad disk wrote) loses the damaged rows, not the app: GRDB's typed
    /// reads would stop the process.
    func testRowsOfTheWrongTypeAreLeftOutNotFatal() throws {
        let scratch = Scratch()
        let url = scratch.path("data/library.sqlite")
        let index = try LibraryIndex(url: url)
        try index.save([IndexedFile(path: "/p/good.jpg", size: 10, modificationTime: 1, metadata: nil)],
                       ratings: ["/p/good.jpg": 3])
        let raw = try DatabaseQueue(path: url.path)
        try raw.write { db in
            try db.execute(sql: "INSERT INTO file (path, size, mtime, has_metadata, width, taken) VALUES (?, ?, ?, 1, ?, ?)",
                           arguments: ["/p/text-size.jpg", "ten", 1, "wide", Double.nan])
            try db.execute(sql: "INSERT INTO file (path, size, mtime, has_metadata, width) VALUES (?, 1, 1, 1, ?)",
                           arguments: [Data([1, 2]), 7])
            try db.execute(sql: "INSERT INTO file (path, size, mtime, has_metadata, width, title) VALUES (?, 5, 2, 1, ?, ?)",
                           arguments: ["/p/odd-fields.jpg", "wide", Data([0xFF])])
            try db.execute(sql: "INSERT INTO rating (path, stars) VALUES (?, ?)", arguments: ["/p/odd-fields.jpg", "four"])
            try db.execute(sql: "INSERT INTO rating_write (path, stars) VALUES (?, ?)", arguments: [Data([0xFF]), 2])
        }
        let files = try index.files(under: "/p")
        XCTAssertEqual(Set(files.keys), ["/p/good.jpg", "/p/odd-fields.jpg"])
        XCTAssertEqual(files["/p/odd-fields.jpg"]?.metadata?.pixelWidth, 0, "a field of the wrong type is absent")
        XCTAssertNil(files["/p/odd-fields.jpg"]?.tags.title)
        XCTAssertEqual(try index.ratings(under: "/p"), ["/p/good.jpg": 3])
        XCTAssertEqual(try index.pendingWrites(), [])
    }

    func testFilesAreFoundOnlyBelowTheFolderAsked() throws {
        let index = try LibraryIndex()
        let paths = ["/photos/a.jpg", "/photos/trip/b.jpg", "/photos-old/c.jpg", "/photos0.jpg", "/other/d.jpg"]
        try index.save(paths.map { IndexedFile(path: $0, size: 1, modificationTime: 1, metadata: nil) })
        XCTAssertEqual(Set(try index.files(under: "/photos").keys), ["/photos/a.jpg", "/photos/trip/b.jpg"])
        XCTAssertEqual(Set(try index.files(under: "/photos/").keys), ["/photos/a.jpg", "/photos/trip/b.jpg"])
        XCTAssertEqual(try index.files(under: "/none").count, 0)
    }
}
