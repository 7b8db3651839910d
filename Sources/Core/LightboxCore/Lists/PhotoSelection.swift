/// The photos picked in a main window, by identity (their path), so the
/// selection survives sorting, filtering and changes on disk. Photos the
/// filter hides stay selected (the filter may show them again) but are
/// neither shown as selected nor acted on; a photo that leaves the folder
/// leaves the selection.
@MainActor
final class PhotoSelection {
    private var paths: Set<String> = []

    /// Makes `new` the selection; answers whether it changed.
    func set(_ new: Set<String>) -> Bool {
        guard new != paths else { return false }
        paths = new
        return true
    }

    /// The paths selected that `isShown` lets through.
    func shown(_ isShown: (String) -> Bool) -> Set<String> {
        paths.filter(isShown)
    }

    func contains(_ path: String) -> Bool { paths.contains(path) }
    var isEmpty: Bool { paths.isEmpty }

    /// The selected photos of `photos`, in their order.
    func selected(of photos: some Sequence<Photo>) -> [Photo] {
        guard !paths.isEmpty else { return [] }
        return photos.filter { paths.contains($0.path) }
    }

    /// Photos gone from the folder leave the selection.
    func remove(_ gone: some Sequence<String>) { paths.subtract(gone) }

    /// A selected photo stays selected under its new name.
    func rename(_ old: String, to new: String) {
        if paths.remove(old) != nil { paths.insert(new) }
    }
}
