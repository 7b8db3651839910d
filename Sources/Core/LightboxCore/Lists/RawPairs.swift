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

    private var slots: [String: Slot] = [:]
    /// Each file of a complete pair, with the other: asked for every photo
    /// each time the list is filtered or sorted, so answered by one lookup
    /// (working the key out of the path again cost a search at 100,000
    /// photos most of its second; Tools/bench/README.md).
    private var partners: [String: String] = [:]

    /// Extensions of the pictures a RAW pairs with (what cameras and phones
    /// write beside their RAW files).
    private static let pictures: Set<String> = ["jpg", "jpeg", "jpe", "heic", "heif", "hif"]

    /// The folder and the stem in lower case; nil for a file that does not pair.
    private static func key(of path: String) -> (key: String, isRaw: Bool)? {
        let isRaw = PhotoFormat.isRaw(path)
        guard isRaw || pictures.contains(PhotoFormat.lowercasedExtension(of: path)) else { return nil }
        let name = Photo.name(of: path)
        return (String(path.dropLast(name.count)) + Photo.stem(of: path).lowercased(), isRaw)
    }

    /// A file the collection now holds. A second RAW (or picture) with the
    /// same stem (DSC_0001.NEF beside DSC_0001.nef) pairs no further.
    mutating func add(_ path: String) {
        guard let (key, isRaw) = Self.key(of: path) else { return }
        var slot = slots[key] ?? Slot()
        if isRaw, slot.raw == nil { slot.raw = path }
        if !isRaw, slot.picture == nil { slot.picture = path }
        slots[key] = slot
        if let raw = slot.raw, let picture = slot.picture {
            partners[raw] = picture
            partners[picture] = raw
        }
    }

    /// A file the collection no longer holds.
    mutating func remove(_ path: String) {
        guard let (key, _) = Self.key(of: path), var slot = slots[key] else { return }
        if let partner = partners.removeValue(forKey: path) { partners[partner] = nil }
        if slot.raw == path { slot.raw = nil }
        if slot.picture == path { slot.picture = nil }
        slots[key] = slot.raw == nil && slot.picture == nil ? nil : slot
    }

    mutating func removeAll() {
        slots = [:]
        partners = [:]
    }

    /// The other file of `path`'s pair, when both are there.
    func partner(of path: String) -> String? { partners.isEmpty ? nil : partners[path] }

    /// The file already held that `path` would pair with once added (the
    /// RAW for a picture, the picture for a RAW); nil when none would.
    func partner(joining path: String) -> String? {
        guard let (key, isRaw) = Self.key(of: path), let slot = slots[key] else { return nil }
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
