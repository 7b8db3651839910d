import Imaging

/// RAW+JPEG pairs: a camera RAW file and a JPEG or HEIC with the same name
/// stem, in any letter case, in the same folder (DSC_0001.NEF and
/// DSC_0001.JPG), the two files a camera writes for one shot. Kept by
/// PhotoCollection for the files it holds, so the list can show each pair
/// as one photo.
struct RawPairs {
    private struct Slot {
        var raw: String?
        var picture: String?
    }

    /// The RAW files and pictures held, by folder and by their pair's key,
    /// in the folders where a RAW is (or was) held: a picture anywhere
    /// else pairs with nothing, and nearly every photo of a library is
    /// such a picture. Each is asked for on the main thread for every
    /// photo a loading folder adds, so a picture of a folder without a RAW
    /// costs a look at its extension, not a key and two tables; a folder's
    /// first RAW brings in the pictures held beside it (`follow`). The key
    /// is worked out of the path's bytes once and kept as a hash beside
    /// the path it came from, not built as a string of its own; and kept
    /// by folder, a table grows with its folder (see PathTable).
    private var slots: [FolderKey: [PairKey: Slot]] = [:]
    /// Each file of a complete pair, with the other: asked for every photo
    /// each time the list is filtered or sorted, so answered by one lookup
    /// (working the key out of the path again cost a search at 100,000
    /// photos most of its second; Tools/Bench/README.md).
    private var partners: [String: String] = [:]

    /// A file that adds the partner it completes a pair with (nil when it
    /// completes none). `held` answers the files held in a path's folder,
    /// for a RAW that is its folder's first.
    @discardableResult
    mutating func add(_ path: String, held: (String) -> [String]) -> String? {
        switch PairKey.kind(of: path) {
        case nil:
            return nil
        case .picture:
            guard !slots.isEmpty, slots[FolderKey(path)] != nil else { return nil }
        case .raw:
            follow(FolderKey(path), of: path, held: held)
        }
        return record(path)
    }

    /// Follows the folders of the RAW files among `paths` (with the
    /// pictures held there), so that asking how those files would pair
    /// (`partner(joining:)`) before they are added finds their pictures.
    mutating func follow(rawFoldersAmong paths: some Sequence<String>, held: (String) -> [String]) {
        for path in paths where PairKey.kind(of: path) == .raw { follow(FolderKey(path), of: path, held: held) }
    }

    /// Starts keeping `folder`'s files, the pictures held there first, in
    /// name order (the order a folder's walk adds them: where two pictures
    /// share a stem, the first stands for the pair).
    private mutating func follow(_ folder: FolderKey, of path: String, held: (String) -> [String]) {
        guard slots[folder] == nil else { return }
        slots[folder] = [:]
        let pictures = held(path).filter { PairKey.kind(of: $0) == .picture }
        for picture in pictures.sorted(by: { $0.precedesInUTF8($1) }) { record(picture) }
    }

    /// Keeps `path` in its folder's table (followed), pairing it with the
    /// file of the other kind there; answers that file when this makes a
    /// pair.
    @discardableResult
    private mutating func record(_ path: String) -> String? {
        guard let (key, isRaw) = PairKey.of(path) else { return nil }
        let folder = FolderKey(path)
        var slot = slots[folder]?[key] ?? Slot()
        if isRaw, slot.raw == nil { slot.raw = path }
        if !isRaw, slot.picture == nil { slot.picture = path }
        slots[folder, default: [:]][key] = slot
        guard let raw = slot.raw, let picture = slot.picture, partners[path] == nil,
              raw == path || picture == path else { return nil }
        partners[raw] = picture
        partners[picture] = raw
        return isRaw ? picture : raw
    }

    /// A file the collection no longer holds.
    mutating func remove(_ path: String) {
        let folder = FolderKey(path)
        guard let (key, _) = PairKey.of(path), var slot = slots[folder]?[key] else { return }
        if let partner = partners.removeValue(forKey: path) { partners[partner] = nil }
        if slot.raw == path { slot.raw = nil }
        if slot.picture == path { slot.picture = nil }
        slots[folder]?[key] = slot.raw == nil && slot.picture == nil ? nil : slot
        if slots[folder]?.isEmpty == true { slots[folder] = nil }
    }

    mutating func removeAll() {
        slots = [:]
        partners = [:]
    }

    /// The other file of `path`'s pair, when both are there.
    func partner(of path: String) -> String? { partners.isEmpty ? nil : partners[path] }

    /// The file already held that `path` would pair with once added (the
    /// RAW for a picture, the picture for a RAW); nil when none would.
    /// (A folder without a RAW is not followed: a picture there joins
    /// nothing, and a RAW's folder is followed before it is asked for.)
    func partner(joining path: String) -> String? {
        guard !slots.isEmpty, let (key, isRaw) = PairKey.of(path), let slot = slots[FolderKey(path)]?[key] else {
            return nil
        }
        return isRaw ? (slot.raw == nil ? slot.picture : nil) : (slot.picture == nil ? slot.raw : nil)
    }

    /// Whether `path` is a RAW whose picture stands for the pair.
    func isPairedRaw(_ path: String) -> Bool {
        guard let partner = partner(of: path) else { return false }
        return !PhotoFormat.isRaw(partner)
    }

    /// How many pairs are complete.
    var count: Int { partners.count / 2 }
}

/// The key two files of one folder's pair share: the name's stem in lower
/// case. Held as the path it was made from and its hash, worked out once;
/// two keys are compared byte by byte only when their hashes agree.
private struct PairKey: Hashable {
    let path: String
    let hash: Int

    /// Whether `path` names a RAW or a picture a RAW pairs with; nil for
    /// a file that pairs with nothing. Its extension alone is looked at.
    static func kind(of original: String) -> Kind? {
        var path = original
        return path.withUTF8 { bytes in PairKey.packed(bytes[PairKey.parts(bytes).extension]).flatMap { PairKey.kinds[$0] } }
    }

    /// The key of `path` and whether it names a RAW; nil for a file that
    /// pairs with nothing (neither a RAW nor a JPEG or HEIC).
    static func of(_ original: String) -> (PairKey, isRaw: Bool)? {
        var path = original
        return path.withUTF8 { bytes -> (PairKey, isRaw: Bool)? in
            let parts = PairKey.parts(bytes)
            guard let kind = PairKey.packed(bytes[parts.extension]).flatMap({ PairKey.kinds[$0] }) else { return nil }
            var hasher = Hasher()
            if let stem = PairKey.unicodeFolded(bytes[parts.stem]) {
                for byte in stem { hasher.combine(byte) }
            } else {
                for byte in bytes[parts.stem] { hasher.combine(PairKey.folded(byte)) }
            }
            return (PairKey(path: original, hash: hasher.finalize()), kind == .raw)
        }
    }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }

    static func == (a: PairKey, b: PairKey) -> Bool {
        guard a.hash == b.hash else { return false }
        var first = a.path, second = b.path
        return first.withUTF8 { a in
            second.withUTF8 { b in
                let x = parts(a), y = parts(b)
                let (p, q) = (unicodeFolded(a[x.stem]), unicodeFolded(b[y.stem]))
                if p != nil || q != nil { return (p ?? a[x.stem].map(folded)) == (q ?? b[y.stem].map(folded)) }
                return x.stem.count == y.stem.count && zip(a[x.stem], b[y.stem]).allSatisfy { folded($0) == folded($1) }
            }
        }
    }

    /// Where the stem (the name up to its last dot) and the extension are.
    /// A name that starts with its only dot, or ends with it, is all stem.
    private static func parts(_ bytes: UnsafeBufferPointer<UInt8>) -> (stem: Range<Int>, extension: Range<Int>) {
        let nameStart = (bytes.lastIndex(of: UInt8(ascii: "/")) ?? -1) + 1
        guard let dot = bytes[nameStart...].lastIndex(of: UInt8(ascii: ".")), dot != nameStart,
              dot + 1 != bytes.count else { return (nameStart..<bytes.count, bytes.count..<bytes.count) }
        return (nameStart..<dot, (dot + 1)..<bytes.count)
    }

    /// A stem with letters beyond ASCII in lower case as Swift's String
    /// has it (Unicode's rules); nil for an ASCII stem, folded a byte at a
    /// time instead (nearly every name, and far cheaper).
    private static func unicodeFolded(_ stem: UnsafeBufferPointer<UInt8>.SubSequence) -> [UInt8]? {
        guard stem.contains(where: { $0 >= 0x80 }) else { return nil }
        return Array(String(decoding: stem, as: UTF8.self).lowercased().utf8)
    }

    private static func folded(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    enum Kind { case raw, picture }

    /// Extensions of the pictures a RAW pairs with (what cameras and phones
    /// write beside their RAW files), and the RAW ones, as their folded
    /// bytes packed in a number: no string is made to look one up.
    private static let kinds: [UInt64: Kind] = {
        var kinds: [UInt64: Kind] = [:]
        for name in PhotoFormat.rawExtensions { kinds[packed(Array(name.utf8)[...])!] = .raw }
        for name in ["jpg", "jpeg", "jpe", "heic", "heif", "hif"] { kinds[packed(Array(name.utf8)[...])!] = .picture }
        return kinds
    }()

    /// Up to 7 folded bytes in one number (longer extensions are no kind).
    private static func packed<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> UInt64? {
        guard !bytes.isEmpty, bytes.count < 8 else { return nil }
        return bytes.reduce(UInt64(bytes.count)) { $0 << 8 | UInt64(folded($1)) }
    }
}
