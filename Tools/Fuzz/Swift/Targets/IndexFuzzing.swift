import Foundation
import GRDB
import LightboxCore

/// Fills the index's tables with whatever values the input spells (any
/// type in any column, as a damaged or foreign file could hold) and reads
/// them as the library does: nothing may crash, and every file read back
/// was stored under its path.
final class IndexFuzzing: @unchecked Sendable {
    static let shared = IndexFuzzing()
    private let index: LibraryIndex
    private let raw: DatabaseQueue

    private init() {
        let url = ScratchFile.shared.folder.appendingPathComponent("library.sqlite")
        try? FileManager.default.removeItem(at: url)
        index = try! LibraryIndex(url: url)
        raw = try! DatabaseQueue(path: url.path)
    }

    func read(_ bytes: [UInt8]) {
        var values = Values(bytes: bytes)
        try? raw.write { db in
            for table in ["file", "rating", "rating_write"] { try db.execute(sql: "DELETE FROM \(table)") }
            while !values.isAtEnd {
                let table = ["file", "rating", "rating_write"][Int(values.byte() % 3)]
                let count = table == "file" ? 19 : table == "rating" ? 2 : 5
                let row = (0..<count).map { _ in values.next() }
                let marks = Array(repeating: "?", count: count).joined(separator: ", ")
                // Constraints refuse some rows (NULL path): a refused row is
                // simply not there.
                try? db.execute(sql: "INSERT OR REPLACE INTO \(table) VALUES (\(marks))",
                                arguments: StatementArguments(row))
            }
        }
        // As stored: a column's affinity turns a number into text, say.
        let stored = Set((try? raw.read { db in
            try String.fetchAll(db, sql: "SELECT path FROM file WHERE typeof(path) = 'text'")
        }) ?? [])
        for folder in ["/", "/a"] {
            if let files = try? index.files(under: folder) {
                for (path, file) in files { check(path == file.path && stored.contains(path), "a file not stored") }
            }
            _ = try? index.ratings(under: folder)
            _ = try? index.pendingWritePaths(under: folder)
        }
        _ = try? index.pendingWrites()
    }
}

/// Database values spelled by bytes: a tag byte, then the value.
private struct Values {
    let bytes: [UInt8]
    var position = 0

    var isAtEnd: Bool { position >= bytes.count }

    mutating func byte() -> UInt8 {
        defer { position += 1 }
        return position < bytes.count ? bytes[position] : 0
    }

    mutating func word() -> UInt64 {
        var word: UInt64 = 0
        for _ in 0..<8 { word = word << 8 | UInt64(byte()) }
        return word
    }

    mutating func next() -> (any DatabaseValueConvertible)? {
        switch byte() % 6 {
        case 0: return nil
        case 1: return Int64(bitPattern: word())
        case 2: return Double(bitPattern: word())
        case 3, 4:
            // Text under "/a/" (what the reads ask for) or anywhere; SQLite
            // keeps bytes that are not UTF-8 as they are.
            let text = (0..<Int(byte() % 16)).map { _ in byte() }
            let prefix: [UInt8] = byte() % 2 == 0 ? Array("/a/".utf8) : []
            return String(decoding: prefix + text, as: UTF8.self)
        default:
            return Data((0..<Int(byte() % 16)).map { _ in byte() })
        }
    }
}
