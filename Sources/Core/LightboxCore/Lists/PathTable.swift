import Glibc

/// Values by file path, kept folder by folder. A loading library fills its
/// tables on the main thread, and one table of 100,000 paths, each time it
/// outgrew its storage, moved every entry to storage twice as large at
/// once: 20 to 25 ms a table, several tables in the same turn. Kept by
/// folder, a table grows with its folder: the largest move is a folder's.
/// Each key keeps its hash, so a move hashes a number, not a path.
struct PathTable<Value> {
    private var folders: [FolderKey: [NameKey: Value]] = [:]
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    subscript(path: String) -> Value? {
        get { folders[FolderKey(path)]?[NameKey(path)] }
        set {
            let folder = FolderKey(path), name = NameKey(path)
            if let newValue {
                // In place: a copy of the folder's table would be made
                // otherwise.
                let added = folders[folder, default: [:]].updateValue(newValue, forKey: name) == nil
                if added { count += 1 }
            } else if folders[folder]?.removeValue(forKey: name) != nil {
                count -= 1
                if folders[folder]?.isEmpty == true { folders[folder] = nil }
            }
        }
    }

    var values: [Value] {
        var values: [Value] = []
        values.reserveCapacity(count)
        for folder in folders.values { values.append(contentsOf: folder.values) }
        return values
    }

    var paths: [String] { folders.values.flatMap { $0.keys.map(\.path) } }

    /// The paths held in `path`'s folder (itself included when held).
    func paths(inFolderOf path: String) -> [String] {
        folders[FolderKey(path)].map { $0.keys.map(\.path) } ?? []
    }
}

extension PathTable: Sendable where Value: Sendable {}

/// The folder of a path (its bytes up to the last slash), by its hash.
struct FolderKey: Hashable, Sendable {
    /// A path in the folder: only the part up to its last slash counts.
    let path: String
    let hash: Int

    init(_ path: String) {
        self.path = path
        hash = FolderKey.hash(of: path) { ..<FolderKey.end($0) }
    }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }

    static func == (a: FolderKey, b: FolderKey) -> Bool {
        guard a.hash == b.hash else { return false }
        var first = a.path, second = b.path
        // One memcmp: comparing a byte at a time was a quarter of what
        // keeping 100,000 photos by path and by pair cost the main thread.
        return first.withUTF8 { x in
            second.withUTF8 { y in
                let length = end(x)
                return length == end(y) && (length == 0 || memcmp(x.baseAddress!, y.baseAddress!, length) == 0)
            }
        }
    }

    /// Where the folder's part ends: after the last slash (0 for none).
    static func end(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        (bytes.lastIndex(of: UInt8(ascii: "/")) ?? -1) + 1
    }

    /// The hash of the part of `path`'s bytes that `part` picks.
    static func hash(of path: String, _ part: (UnsafeBufferPointer<UInt8>) -> some RangeExpression<Int>) -> Int {
        var path = path
        return path.withUTF8 { bytes in
            var hasher = Hasher()
            hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[part(bytes)]))
            return hasher.finalize()
        }
    }
}

/// A path within its folder's table: hashed by its name alone.
private struct NameKey: Hashable, Sendable {
    let path: String
    let hash: Int

    init(_ path: String) {
        self.path = path
        hash = FolderKey.hash(of: path) { FolderKey.end($0)... }
    }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }
    static func == (a: NameKey, b: NameKey) -> Bool { a.hash == b.hash && a.path == b.path }
}
