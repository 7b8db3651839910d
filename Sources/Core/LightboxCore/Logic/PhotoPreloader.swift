import Foundation
import Imaging

/// The photo window's photos, decoded for stepping in the next frame: the
/// one shown first, then those around it (two ahead, one behind by
/// default), at the window's size, one decode at a time, kept within a
/// memory budget. A step moves the window: what falls out is dropped. A
/// decode under way always ends before the next starts, so a held key
/// never piles decodes up: when one ends, the photo shown by then is next,
/// and those stepped over meanwhile are never decoded.
@MainActor
public final class PhotoPreloader {
    /// Decodes the photo at a path to fit a square of the given side.
    public typealias Decode = @Sendable (_ path: String, _ side: Int) async throws(ImageError) -> PixelData

    /// Bytes of pixels held at most (current photo included). A 24 MP
    /// photo decoded at a 4K screen's size takes 33 MB: four fit.
    let budget: Int
    package let behind: Int
    public let ahead: Int
    /// The side photos are decoded to fit while the window's size is not
    /// known (the largest monitor's side, in device pixels); a change drops
    /// what was decoded at another size.
    public var side: Int {
        didSet { if side != oldValue { dropAll() } }
    }
    /// Where photos are shown (the window's picture area, in device
    /// pixels): each is decoded to fit it exactly, so it is drawn 1:1, not
    /// scaled on every frame. A change drops what was decoded for another.
    public var viewport: (width: Int, height: Int)? {
        didSet { if viewport?.width != oldValue?.width || viewport?.height != oldValue?.height { dropAll() } }
    }

    /// Every photo decoded in full (Zoom to Focus Point), up to
    /// `fullSide`, not to fit the window; a change drops what was decoded
    /// the other way. The budget grows to hold the photo shown and its
    /// neighbours in full.
    public var inFull = false {
        didSet { if inFull != oldValue { dropAll() } }
    }
    /// The longest side decoded in full.
    let fullSide: Int
    /// Bytes of pixels held at most in full: a 24-megapixel photo takes
    /// 96 MB, and the photo shown with one behind and two ahead fits.
    let fullBudget: Int
    private var currentBudget: Int { inFull ? max(budget, fullBudget) : budget }

    /// The side `photo` is decoded to fit: its longer side once it fits the
    /// viewport (never past its own size); the viewport's longer side while
    /// the photo's size is unknown; `side` while the viewport is. In full,
    /// its own longer side (`fullSide` when unknown or larger).
    public func side(for photo: Photo) -> Int {
        if inFull {
            guard let metadata = photo.metadata, metadata.pixelWidth > 0, metadata.pixelHeight > 0 else { return fullSide }
            return min(fullSide, max(metadata.pixelWidth, metadata.pixelHeight))
        }
        guard let viewport, viewport.width > 0, viewport.height > 0 else { return side }
        // A photo opened before its folder's scan read its size (from the
        // command line, say) is no larger than the window either: decoded
        // at the monitor's size, it would be scaled on every frame.
        guard let metadata = photo.metadata, metadata.pixelWidth > 0, metadata.pixelHeight > 0 else {
            return max(viewport.width, viewport.height)
        }
        var (width, height) = (Double(metadata.pixelWidth), Double(metadata.pixelHeight))
        // Orientations 5–8 turn the photo a quarter: it is shown the other way.
        if (5...8).contains(metadata.orientation) { swap(&width, &height) }
        let scale = min(1, Double(viewport.width) / width, Double(viewport.height) / height)
        return max(1, Int(max(width, height) * scale))
    }

    private struct Entry {
        let photo: Photo
        let pixels: PixelData
        let side: Int
    }

    private let decode: Decode
    private var entries: [String: Entry] = [:]
    /// The photos wanted, nearest first (the shown one, then ahead, behind).
    private var wanted: [Photo] = []
    private var running: (path: String, task: Task<Void, Never>)?
    /// Photos decoded ahead that did not fit the budget (or could not be
    /// decoded) since the window last moved: not tried again until it does.
    private var passedOver: Set<String> = []
    /// Why a photo could not be decoded, for the one shown.
    private var failures: [String: String] = [:]

    init(side: Int, budget: Int = 160 << 20, fullSide: Int = 6144, fullBudget: Int = 420 << 20, behind: Int = 1,
         ahead: Int = 2, decode: @escaping Decode) {
        self.side = side
        self.budget = budget
        self.fullSide = fullSide
        self.fullBudget = fullBudget
        self.behind = behind
        self.ahead = ahead
        self.decode = decode
    }

    /// The pixels of `photo` as it is now on disk (a photo changed since,
    /// rated or rotated, is decoded again), if they are held.
    public func pixels(for photo: Photo) -> PixelData? {
        guard let entry = entries[photo.path], entry.side == side(for: photo), entry.photo.fileSize == photo.fileSize,
              entry.photo.modificationTime == photo.modificationTime
        else { return nil }
        return entry.pixels
    }

    /// Pixels of `photo` as it is now on disk, decoded at a larger side
    /// than it is wanted at now: a photo decoded ahead before its folder's
    /// scan read its size fitted the window's longer side, and once the
    /// size is known it fits a smaller one. Shown scaled while the exact
    /// pixels are decoded, the first step after opening a photo does not
    /// wait for a decode (55-80 ms before).
    public func standIn(for photo: Photo) -> PixelData? {
        guard let entry = entries[photo.path], entry.side > side(for: photo), entry.photo.fileSize == photo.fileSize,
              entry.photo.modificationTime == photo.modificationTime
        else { return nil }
        return entry.pixels
    }

    /// Keeps pixels decoded elsewhere (the photo shown, decoded on demand).
    public func keep(_ pixels: PixelData, for photo: Photo) {
        entries[photo.path] = Entry(photo: photo, pixels: pixels, side: side(for: photo))
        trim()
    }

    /// The window moved to `current`: `previous` and `next` are its
    /// neighbours, nearest first. Decodes what is missing, ahead first.
    public func focus(on current: Photo, previous: [Photo], next: [Photo]) {
        wanted = [current] + Array(next.prefix(ahead)) + Array(previous.prefix(behind))
        passedOver = []
        failures = [:]
        let paths = Set(wanted.map(\.path))
        // Let go of elsewhere: unmapping a photo decoded in full (48 MB
        // for 12 megapixels) takes 10 ms and more, at a step.
        var dropped: [PixelData] = []
        for path in entries.keys where !paths.contains(path) {
            if let entry = entries.removeValue(forKey: path) { dropped.append(entry.pixels) }
        }
        releaseElsewhere(consume dropped)
        // A decode under way is left to end (a decoder cannot be stopped
        // mid-file): its pixels are dropped if no longer wanted.
        trim()
        startNext()
    }

    /// Bytes of pixels held now.
    var bytesHeld: Int { entries.values.reduce(0) { $0 + $1.pixels.byteCount } }
    /// Paths held, and the one being decoded (for tests and the benchmark).
    var heldPaths: Set<String> { Set(entries.keys) }
    public var decoding: String? { running?.path }

    /// Returns once the decode under way, if any, has ended.
    func decodeEnded() async {
        await running?.task.value
    }

    /// Why `photo` could not be decoded, once its decode failed.
    public func failure(for photo: Photo) -> String? { failures[photo.path] }

    /// Stops every decode and lets go of all pixels (the window closed).
    func dropAll() {
        running?.task.cancel()
        running = nil
        releaseElsewhere(entries.values.map(\.pixels))
        entries = [:]
        failures = [:]
    }

    private func startNext() {
        guard running == nil,
              let photo = wanted.first(where: { pixels(for: $0) == nil && !passedOver.contains($0.path) }) else { return }
        let decode = self.decode, side = self.side(for: photo), path = photo.path
        let task = Task { [weak self] in
            let result: Result<PixelData, ImageError>
            do throws(ImageError) { result = .success(try await decode(path, side)) } catch { result = .failure(error) }
            guard let self, !Task.isCancelled else { return }
            self.running = nil
            self.passedOver.insert(path)
            if let still = self.wanted.first(where: { $0.path == path }), self.side(for: still) == side {
                switch result {
                case .success(let pixels): self.keep(pixels, for: still)
                // Not tried again until the window moves: the window says why.
                case .failure(let error): self.failures[path] = error.message
                }
            }
            self.startNext()
        }
        running = (path, task)
    }

    /// Drops the photos farthest from the shown one until the budget holds.
    private func trim() {
        var held = bytesHeld
        let budget = currentBudget
        guard held > budget else { return }
        let order = wanted.map(\.path)
        let farthestFirst = entries.keys.sorted { (order.firstIndex(of: $0) ?? .max) > (order.firstIndex(of: $1) ?? .max) }
        var dropped: [PixelData] = []
        for path in farthestFirst where held > budget {
            guard let entry = entries.removeValue(forKey: path) else { continue }
            held -= entry.pixels.byteCount
            dropped.append(entry.pixels)
        }
        releaseElsewhere(consume dropped)
    }
}
