import Foundation
import GRDB

/// What the index remembers of a file: enough to know whether its metadata
/// is still current (same size and modification time) and that metadata.
public struct IndexedFile: Equatable, Sendable {
    public let path: String
    public let size: Int64
    public let modificationTime: Int
    /// nil when the file carries no readable metadata.
    public let metadata: PhotoMetadata?
    /// The rating the file or its sidecar states (the sidecar's first);
    /// nil when neither states one.
    let statedRating: Int?
    /// The sidecar as it was when read: a changed sidecar is read again.
    public let sidecar: SidecarStamp?
    /// What Lightbox measured of the photo, once it has (`saveMeasures`).
    public let measures: PhotoMeasures?
    /// The label, keywords, title and caption the file and its sidecar
    /// state (the sidecar's first, field by field).
    public let tags: PhotoTags

    package init(path: String, size: Int64, modificationTime: Int, metadata: PhotoMetadata?,
                 statedRating: Int? = nil, sidecar: SidecarStamp? = nil, tags: PhotoTags = .none,
                 measures: PhotoMeasures? = nil) {
        self.path = path
        self.size = size
        self.modificationTime = modificationTime
        self.metadata = metadata
        self.statedRating = statedRating
        self.sidecar = sidecar
        self.tags = tags
        self.measures = measures
    }

    /// Whether this entry still describes `file` (and its sidecar).
    func isCurrent(for file: ScannedFile) -> Bool {
        size == file.size && modificationTime == file.modificationTime
            && sidecar == file.sidecar.map(SidecarStamp.init)
    }
}

/// A sidecar's size and modification time.
public struct SidecarStamp: Hashable, Sendable {
    public let size: Int64
    public let modificationTime: Int

    init(size: Int64, modificationTime: Int) {
        self.size = size
        self.modificationTime = modificationTime
    }

    init(_ sidecar: SidecarFile) {
        self.init(size: sidecar.size, modificationTime: sidecar.modificationTime)
    }

    /// Marks a file indexed before Lightbox read ratings from files: no
    /// sidecar has this stamp, so the file is read again.
    package static let unread = SidecarStamp(size: -1, modificationTime: -1)
}

/// The SQLite index in `$XDG_DATA_HOME/lightbox/library.sqlite`: file
/// metadata by path, size and modification time, and ratings by path.
public final class LibraryIndex: Sendable {
    let database: DatabaseQueue

    /// Opens (creating when needed) the index at `url`.
    public init(url: URL) throws {
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        database = try DatabaseQueue(path: url.path, configuration: configuration)
        // Which photos someone has and how they rated them is theirs alone.
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
        try LibraryIndex.migrator.migrate(database)
    }

    /// An index that lives in memory only (tests, or when the data
    /// directory cannot be written).
    public init() throws {
        database = try DatabaseQueue()
        try LibraryIndex.migrator.migrate(database)
    }

    public static func url(in directories: XDGDirectories) -> URL {
        directories.lightbox(\.dataHome).appendingPathComponent("library.sqlite")
    }

    private static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: "file") { table in
                table.primaryKey("path", .text)
                table.column("size", .integer).notNull()
                table.column("mtime", .integer).notNull()
                table.column("metadata", .blob)  // JSON, NULL when the file has none
            }
            try db.create(table: "rating") { table in
                table.primaryKey("path", .text)
                table.column("stars", .integer).notNull()
            }
        }
        migrator.registerMigration("v2: metadata in columns") { db in
            // JSON took longer to decode than the rest of a warm open: the
            // metadata moves to columns (the old rows are only a cache).
            try db.drop(table: "file")
            try createFileTable(db, named: "file")
        }
        migrator.registerMigration("v3: files stored in path order") { db in
            // A folder's files are one range of paths. Kept in path order
            // (no rowid), the range is read in place instead of each row
            // being looked up through the path index.
            try createFileTable(db, named: "file_by_path", options: .withoutRowID)
            try db.execute(sql: "INSERT INTO file_by_path SELECT * FROM file")
            try db.drop(table: "file")
            try db.rename(table: "file_by_path", to: "file")
        }
        migrator.registerMigration("v4: ratings in files, sidecars, pending writes") { db in
            try db.alter(table: "file") { table in
                for (name, type) in IndexedFile.ratingColumns { table.add(column: name, type) }
            }
            // Files indexed before ratings were read from files are read
            // again, but the ratings given in Lightbox until then stay
            // (SidecarStamp.unread: PhotoLibrary.adopts).
            try db.execute(sql: "UPDATE file SET sidecar_size = -1, sidecar_mtime = -1")
            try db.create(table: "rating_write") { table in
                table.primaryKey("path", .text)
                table.column("stars", .integer).notNull()
                table.column("attempts", .integer).notNull().defaults(to: 0)
                table.column("failure", .text)
                table.column("reported", .boolean).notNull().defaults(to: false)
            }
        }
        migrator.registerMigration("v5: labels, keywords and captions") { db in
            try db.alter(table: "file") { table in
                for (name, type) in IndexedFile.tagColumns { table.add(column: name, type) }
            }
            // Every file is read again for its tags (as v4 did for ratings).
            try db.execute(sql: "UPDATE file SET sidecar_size = -1, sidecar_mtime = -1")
            try db.create(table: "tag_edit") { table in
                table.primaryKey("path", .text)
                table.column("edit", .blob).notNull()  // TagEdit as JSON
                table.column("queued", .boolean).notNull()
                table.column("attempts", .integer).notNull().defaults(to: 0)
                table.column("failure", .text)
                table.column("reported", .boolean).notNull().defaults(to: false)
            }
        }
        migrator.registerMigration("v6: where the camera focused, how sharp") { db in
            try db.alter(table: "file") { table in
                for (name, type) in IndexedFile.focusColumns + IndexedFile.measureColumns { table.add(column: name, type) }
            }
            // Every file is read again for its maker notes (as v4 did for ratings).
            try db.execute(sql: "UPDATE file SET sidecar_size = -1, sidecar_mtime = -1")
        }
        return migrator
    }()

    private static func createFileTable(_ db: Database, named name: String,
                                        options: TableOptions = []) throws {
        try db.create(table: name, options: options) { table in
            table.primaryKey("path", .text)
            table.column("size", .integer).notNull()
            table.column("mtime", .integer).notNull()
            for (name, type) in IndexedFile.metadataColumns { table.column(name, type) }
        }
        // Columns added later are added to the table by their migration.
    }

    /// The files indexed below `folder`, by path.
    public func files(under folder: String) throws -> [String: IndexedFile] {
        var found: [String: IndexedFile] = [:]
        // Sized at once: growing it rehashes every path a few times.
        try self.files(under: folder, inChunksOf: Int.max, sized: { found.reserveCapacity($0) }) { chunk in
            for file in chunk { found[file.path] = file }
        }
        return found
    }

    /// The files indexed below `folder`, in path order (bytes, as SQLite
    /// compares text), handed over `size` at a time: a big library's first
    /// rows are there long before its last. `sized`, if given, hears how
    /// many there are first (a count of its own). Runs the closures inside
    /// the read: they must not use the index.
    func files(under folder: String, inChunksOf size: Int, sized: ((Int) -> Void)? = nil,
               _ body: ([IndexedFile]) -> Void) throws {
        let (low, high) = LibraryIndex.range(under: folder)
        let columns = IndexedFile.selected.map(\.name).joined(separator: ", ")
        try database.read { db in
            if let sized {
                sized(try Int.fetchOne(
                    db, sql: "SELECT count(*) FROM file WHERE path >= ? AND path < ?", arguments: [low, high]) ?? 0)
            }
            let rows = try Row.fetchCursor(
                db, sql: "SELECT path, size, mtime, \(columns) FROM file WHERE path >= ? AND path < ? ORDER BY path",
                arguments: [low, high])
            var chunk: [IndexedFile] = []
            while let row = try rows.next() {
                if let file = IndexedFile(row: row) { chunk.append(file) }
                if chunk.count >= size {
                    body(chunk)
                    chunk.removeAll(keepingCapacity: true)
                }
            }
            if !chunk.isEmpty { body(chunk) }
        }
    }

    /// What the index knows of one file, if anything.
    func file(at path: String) throws -> IndexedFile? {
        let columns = IndexedFile.selected.map(\.name).joined(separator: ", ")
        return try database.read { db in
            try Row.fetchOne(db, sql: "SELECT path, size, mtime, \(columns) FROM file WHERE path = ?", arguments: [path])
                .flatMap(IndexedFile.init(row:))
        }
    }

    /// Records files and their metadata, in one transaction, and the
    /// ratings the files stated (`ratings`: path → stars), which replace
    /// the index's: another tool's newer rating wins.
    public func save(_ files: [IndexedFile], ratings: [String: Int] = [:]) throws {
        guard !files.isEmpty || !ratings.isEmpty else { return }
        try database.write { db in
            try LibraryIndex.insert(files, in: db)
            for (path, stars) in ratings { try LibraryIndex.setRating(stars, for: path, in: db) }
        }
    }

    /// A photo's measures, and the file they were taken of.
    public struct Measured: Sendable {
        public let path: String
        public let size: Int64
        public let modificationTime: Int
        public let measures: PhotoMeasures
    }

    /// Records what was measured of photos, each only while its file is as
    /// it was when measured (the same size and modification time): a photo
    /// changed meanwhile is measured again.
    public func saveMeasures(_ measured: [Measured]) throws {
        guard !measured.isEmpty else { return }
        try database.write { db in
            let statement = try db.cachedStatement(
                sql: "UPDATE file SET sharpness = ?, clipped = ? WHERE path = ? AND size = ? AND mtime = ?")
            for photo in measured {
                try statement.execute(arguments: [photo.measures.sharpness, photo.measures.highlightsClipped,
                                                  photo.path, photo.size, photo.modificationTime])
            }
        }
    }

    /// Records files and their metadata, replacing what was known of them.
    static func insert(_ files: [IndexedFile], in db: Database) throws {
        guard !files.isEmpty else { return }
        let columns = IndexedFile.columns.map(\.name)
        let placeholders = Array(repeating: "?", count: columns.count + 3).joined(separator: ", ")
        let statement = try db.cachedStatement(
            sql: "INSERT OR REPLACE INTO file (path, size, mtime, \(columns.joined(separator: ", "))) "
                + "VALUES (\(placeholders))")
        for file in files { try statement.execute(arguments: file.arguments) }
    }

    /// Ratings of photos below `folder`, by path (unrated photos absent).
    public func ratings(under folder: String) throws -> [String: Int] {
        let (low, high) = LibraryIndex.range(under: folder)
        return try database.read { db in
            var ratings: [String: Int] = [:]
            let rows = try Row.fetchCursor(db, sql: "SELECT path, stars FROM rating WHERE path >= ? AND path < ?",
                                           arguments: [low, high])
            while let row = try rows.next() {
                if let path: String = row.checked(0), let stars: Int = row.checked(1) { ratings[path] = stars }
            }
            return ratings
        }
    }

    public func rating(of path: String) throws -> Int {
        try database.read { db in
            try Int.fetchOne(db, sql: "SELECT stars FROM rating WHERE path = ?", arguments: [path]) ?? 0
        }
    }

    func setRating(_ stars: Int, for path: String) throws {
        try database.write { db in try LibraryIndex.setRating(stars, for: path, in: db) }
    }

    static func setRating(_ stars: Int, for path: String, in db: Database) throws {
        let stars = Photo.clampedRating(stars)
        if stars == 0 {
            try db.execute(sql: "DELETE FROM rating WHERE path = ?", arguments: [path])
        } else {
            try db.execute(sql: "INSERT OR REPLACE INTO rating (path, stars) VALUES (?, ?)",
                           arguments: [path, stars])
        }
    }

    /// A file was renamed or moved: its rating and metadata follow it.
    public func move(from old: String, to new: String) throws {
        try database.write { db in
            try db.execute(sql: "UPDATE OR REPLACE rating SET path = ? WHERE path = ?", arguments: [new, old])
            try db.execute(sql: "UPDATE OR REPLACE file SET path = ? WHERE path = ?", arguments: [new, old])
            try db.execute(sql: "UPDATE OR REPLACE rating_write SET path = ? WHERE path = ?", arguments: [new, old])
            try db.execute(sql: "UPDATE OR REPLACE tag_edit SET path = ? WHERE path = ?", arguments: [new, old])
        }
    }

    /// Forgets files that are gone (their ratings go with them).
    public func remove(_ paths: [String]) throws {
        try database.write { db in
            for path in paths {
                try db.execute(sql: "DELETE FROM file WHERE path = ?", arguments: [path])
                try db.execute(sql: "DELETE FROM rating WHERE path = ?", arguments: [path])
                try db.execute(sql: "DELETE FROM rating_write WHERE path = ?", arguments: [path])
                try db.execute(sql: "DELETE FROM tag_edit WHERE path = ?", arguments: [path])
            }
        }
    }

    /// Paths strictly below `folder`: from "folder/" up to "folder0"
    /// ("0" is the character after "/").
    static func range(under folder: String) -> (String, String) {
        let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        return (base + "/", base + "0")
    }
}
