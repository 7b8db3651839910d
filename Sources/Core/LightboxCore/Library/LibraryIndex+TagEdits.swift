import Foundation
import GRDB

/// A label, keyword, title or caption change the index holds for a photo:
/// waiting to be written into its file, or kept in Lightbox alone (the
/// preference says so, or the file could not take it).
package struct PendingTagWrite: Equatable, Sendable {
    package let path: String
    package let edit: TagEdit
    /// Whether it is still to be written (else it is Lightbox's alone).
    let queued: Bool
    let attempts: Int
    /// Whether the last failure was shown already (it is shown once).
    let reported: Bool
}

extension PendingTagWrite {
    /// A row selected as `path, edit, queued, attempts, reported`; nil when
    /// it cannot be read (a damaged index: the file's own tags show).
    init?(row: Row) {
        guard let path: String = row.checked(0), let json: Data = row.checked(1),
              let edit = try? JSONDecoder().decode(TagEdit.self, from: json) else { return nil }
        self.init(path: path, edit: edit, queued: row.checked(2) ?? false, attempts: row.checked(3) ?? 0,
                  reported: row.checked(4) ?? false)
    }

    static let columns = "path, edit, queued, attempts, reported"  // untranslated: SQL
}

/// Tag changes in the index: what a load shows over what the files state
/// until the files take them, and the queue of their writes, which
/// survives the app quitting (as ratings' does, see LibraryIndex+RatingWrites).
extension LibraryIndex {
    /// Records `edit` for each of `paths`, after any change still held for
    /// it (`TagEdit.then`), in one transaction.
    func recordTagEdit(_ edit: TagEdit, for paths: [String], queueingWrite: Bool) throws {
        try database.write { db in
            for path in paths {
                let held = try Row.fetchOne(db, sql: "SELECT \(PendingTagWrite.columns) FROM tag_edit WHERE path = ?",
                                            arguments: [path]).flatMap(PendingTagWrite.init(row:))
                let merged = held.map { $0.edit.then(edit) } ?? edit
                // A new change is a new write: its attempts start again.
                try db.execute(sql: "INSERT OR REPLACE INTO tag_edit (path, edit, queued) VALUES (?, ?, ?)",
                               arguments: [path, try LibraryIndex.encode(merged), queueingWrite])
            }
        }
    }

    /// The changes held for photos below `folder`, by path.
    package func tagEdits(under folder: String) throws -> [String: TagEdit] {
        let (low, high) = LibraryIndex.range(under: folder)
        return try database.read { db in
            var edits: [String: TagEdit] = [:]
            for write in try Row.fetchAll(
                db, sql: "SELECT \(PendingTagWrite.columns) FROM tag_edit WHERE path >= ? AND path < ?",
                arguments: [low, high]).compactMap(PendingTagWrite.init(row:)) {
                edits[write.path] = write.edit
            }
            return edits
        }
    }

    /// The change held for one photo, written or not.
    func tagEdit(for path: String) throws -> TagEdit? {
        try database.read { db in
            try Row.fetchOne(db, sql: "SELECT \(PendingTagWrite.columns) FROM tag_edit WHERE path = ?",
                             arguments: [path]).flatMap(PendingTagWrite.init(row:))?.edit
        }
    }

    /// The change waiting to be written into `path`, if any.
    package func pendingTagWrite(for path: String) throws -> PendingTagWrite? {
        try database.read { db in
            try Row.fetchOne(db, sql: "SELECT \(PendingTagWrite.columns) FROM tag_edit WHERE path = ? AND queued",
                             arguments: [path]).flatMap(PendingTagWrite.init(row:))
        }
    }

    /// Every change waiting to be written, oldest first.
    package func pendingTagWrites() throws -> [PendingTagWrite] {
        try database.read { db in
            try Row.fetchAll(db, sql: "SELECT \(PendingTagWrite.columns) FROM tag_edit WHERE queued ORDER BY rowid")
                .compactMap(PendingTagWrite.init(row:))
        }
    }

    /// The write of `edit` is over: the file took it (it leaves the index,
    /// and `file` is the file as now written), or it could not and
    /// `keeping` keeps it in Lightbox, no longer queued. A newer change
    /// recorded meanwhile stays queued either way.
    func finishTagWrite(path: String, edit: TagEdit, file: IndexedFile? = nil, keeping: Bool = false) throws {
        let json = try LibraryIndex.encode(edit)
        try database.write { db in
            if keeping {
                try db.execute(sql: "UPDATE tag_edit SET queued = 0 WHERE path = ? AND edit = ?", arguments: [path, json])
            } else {
                try db.execute(sql: "DELETE FROM tag_edit WHERE path = ? AND edit = ?", arguments: [path, json])
            }
            if let file { try LibraryIndex.insert([file], in: db) }
        }
    }

    /// An attempt failed; answers how many have so far.
    func recordTagFailure(path: String, reason: String) throws -> Int {
        try database.write { db in
            try db.execute(sql: "UPDATE tag_edit SET attempts = attempts + 1, failure = ? WHERE path = ?",
                           arguments: [reason, path])
            return try Int.fetchOne(db, sql: "SELECT attempts FROM tag_edit WHERE path = ?", arguments: [path]) ?? 0
        }
    }

    func markTagFailureReported(path: String) throws {
        try database.write { db in
            try db.execute(sql: "UPDATE tag_edit SET reported = 1 WHERE path = ?", arguments: [path])
        }
    }

    /// The same edit always encodes to the same bytes (sorted keys): a
    /// finished write is told from a newer one by comparing them.
    private static func encode(_ edit: TagEdit) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try encoder.encode(edit)
    }
}
