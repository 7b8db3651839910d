extension SortedPhotos {
    /// One change to a list of photos, kept so that it can be made again
    /// on a list rebuilt meanwhile (in another order or with another
    /// filter, off the main thread).
    public enum Change: Sendable {
        /// Photos added.
        case merge([Photo])
        /// Photos whose data changed: each as it was, and as it is now.
        case replace(old: [Photo], new: [Photo])
        /// Photos gone, by path.
        case remove(Set<String>)
    }

    /// Makes `change`; photos `included` rejects are left out.
    public mutating func apply(_ change: Change, including included: (Photo) -> Bool) {
        switch change {
        case .merge(let added): merge(added.filter(included))
        case .replace(let old, let new): replace(old, with: new.filter(included))
        case .remove(let paths): removeAll { paths.contains($0.path) }
        }
    }
}

extension SortedPhotos.Change {
    /// This change and `next` as one, when they are of a kind.
    func folding(_ next: Self) -> Self? {
        switch (self, next) {
        case (.merge(let first), .merge(let second)):
            return .merge(first + second)
        case (.remove(let first), .remove(let second)):
            return .remove(first.union(second))
        case (.replace(let firstOld, let firstNew), .replace(let secondOld, let secondNew)):
            // A photo changed twice leaves its first place for its last data.
            var seen = Set<String>()
            let old = (firstOld + secondOld).filter { seen.insert($0.path).inserted }
            var latest: [String: Photo] = [:]
            for photo in firstNew + secondNew { latest[photo.path] = photo }
            let new = (firstNew + secondNew).compactMap { photo in latest.removeValue(forKey: photo.path) }
            return .replace(old: old, new: new)
        default:
            return nil
        }
    }
}

/// Lists rebuilt off the main thread (sorted or filtered anew, which takes
/// longer than a frame in a big folder) while the list shown goes on
/// changing: the changes made meanwhile are kept and made again on the
/// result. A newer rebuild, or a new list, supersedes one under way.
struct ListRebuilds {
    private var generation = 0
    private var changes: [SortedPhotos.Change]?

    var isUnderWay: Bool { changes != nil }

    /// Starts a rebuild; its ticket is for `finish`.
    mutating func begin() -> Int {
        generation += 1
        changes = []
        return generation
    }

    /// A change made to the list shown. Runs of one kind are kept as one
    /// change, made in one pass: a sort started while a big folder loads
    /// sees dozens of batches arrive before it ends.
    mutating func record(_ change: SortedPhotos.Change) {
        guard changes != nil else { return }
        if let last = changes?.last, let folded = last.folding(change) {
            changes![changes!.count - 1] = folded
        } else {
            changes?.append(change)
        }
    }

    /// Drops the rebuild under way (the list was replaced).
    mutating func cancel() {
        generation += 1
        changes = nil
    }

    /// `rebuilt` with the changes made since `begin`, or nil when a newer
    /// rebuild or a new list came first.
    mutating func finish(_ ticket: Int, _ rebuilt: SortedPhotos,
                         including included: (Photo) -> Bool) -> SortedPhotos? {
        guard ticket == generation else { return nil }
        var result = rebuilt
        for change in changes ?? [] { result.apply(change, including: included) }
        changes = nil
        return result
    }
}

extension PhotoListLogic {
    /// Where a list is rebuilt: `offMainThread` unless a test needs to
    /// hold a rebuild while it changes the list.
    public typealias Rebuilding = @Sendable (@escaping @Sendable () -> SortedPhotos) async -> SortedPhotos

    /// At a lower priority than the main thread (`.utility`, nice 2 on
    /// Linux): `.userInitiated` runs at nice -2, and sorting 100,000 photos
    /// there took a core from the main thread for a frame or more on a
    /// two-core machine. A frame comes first; the sort takes a free core.
    public static let offMainThread: Rebuilding = { make in
        await Task.detached(priority: .utility, operation: make).value
    }
}
