import Foundation
import GRDB

/// A rating waiting to be written into a photo's file or sidecar.
package struct PendingRatingWrite: Equatable, Sendable {
    package let path: String
    package let stars: Int
    /// Attempts that failed so far.
    let attempts: Int
    /// Why the last attempt failed.
    package let failure: String?
    /// Whether that failure was shown already (it is shown once).
    package let reported: Bool
}

extension PendingRatingWrite {
    /// A row selected as `path, stars, attempts, failure, reported`; nil
    /// when its path or stars are missing or of another type.
    init?(row: Row) {
        guard let path: String = row.checked(0), let stars: Int = row.checked(1) else { return nil }
        self.init(path: path, stars: stars, attempts: row.checked(2) ?? 0, failure: row.checked(3),
                  reported: row.checked(4) ?? false)
    }
}

/// The queue of rating writes, kept in the index so that a write the app
/// could not finish (it quit, the disk was full) is made at the next start.
extension LibraryIndex {
    /// Sets the rating and, when `queueingWrite`, queues writing it into
    /// the file, in one transaction: a newer rating replaces a queued one.
    func setRating(_ stars: Int, for path: String, queueingWrite: Bool) throws {
        try database.write { db in
            try LibraryIndex.setRating(stars, for: path, in: db)
            if queueingWrite {
                try db.execute(sql: "INSERT OR REPLACE INTO rating_write (path, stars) VALUES (?, ?)",
                               arguments: [path, Photo.clampedRating(stars)])
            } else {
                try db.execute(sql: "DELETE FROM rating_write WHERE path = ?", arguments: [path])
            }
        }
    }

    /// Every queued write, oldest first.
    package func pendingWrites() throws -> [PendingRatingWrite] {
        try database.read { db in
            try Row.fetchAll(db, sql: "SELECT path, stars, attempts, failure, reported FROM rating_write ORDER BY rowid")
                .compactMap(PendingRatingWrite.init(row:))
        }
    }

    /// The paths below `folder` with a write queued: their files still
    /// state the old rating, which must not replace the new one.
    package func pendingWritePaths(under folder: String) throws -> Set<String> {
        let (low, high) = LibraryIndex.range(under: folder)
        return try database.read { db in
            Set(try Row.fetchAll(db, sql: "SELECT path FROM rating_write WHERE path >= ? AND path < ?",
                                 arguments: [low, high]).compactMap { $0.checked(0) as String? })
        }
    }

    func hasPendingWrite(_ path: String) throws -> Bool {
        try database.read { db in
            try Bool.fetchOne(db, sql: "SELECT 1 FROM rating_write WHERE path = ?", arguments: [path]) ?? false
        }
    }

    /// The write of `stars` is done, or abandoned: it leaves the queue
    /// unless a newer rating was queued meanwhile. `file`, when given, is
    /// the file as written (so the next scan need not read it again).
    func finishWrite(path: String, stars: Int, file: IndexedFile? = nil) throws {
        try database.write { db in
            try db.execute(sql: "DELETE FROM rating_write WHERE path = ? AND stars = ?", arguments: [path, stars])
            if let file { try LibraryIndex.insert([file], in: db) }
        }
    }

    /// An attempt failed; returns the write as it now stands.
    @discardableResult
    func recordFailure(path: String, stars: Int, reason: String) throws -> PendingRatingWrite? {
        try database.write { db in
            try db.execute(sql: "UPDATE rating_write SET attempts = attempts + 1, failure = ? WHERE path = ? AND stars = ?",
                           arguments: [reason, path, stars])
            return try Row.fetchOne(db, sql: "SELECT path, stars, attempts, failure, reported FROM rating_write WHERE path = ?",
                                    arguments: [path])
                .flatMap(PendingRatingWrite.init(row:))
        }
    }

    /// The failure of the write to `path` was shown.
    func markReported(path: String) throws {
        try database.write { db in
            try db.execute(sql: "UPDATE rating_write SET reported = 1 WHERE path = ?", arguments: [path])
        }
    }
}
