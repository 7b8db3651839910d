/// Which photos open in photo windows, and which are compared: from the
/// grid, from the selection, and from a command line naming photos.
extension PhotoListLogic {
    /// Enter or a double click on `photo`: one of several selected photos
    /// opens them all; any other photo opens alone.
    public func photosToOpen(activated photo: Photo) -> PhotosToOpen {
        let selected = selectedPhotos
        return PhotosToOpen(selected.count > 1 && selected.contains { $0.path == photo.path } ? selected : [photo])
    }

    /// "Open Selected Photos".
    public var selectionToOpen: PhotosToOpen { PhotosToOpen(selectedPhotos) }

    /// The two selected photos, side by side; nil unless exactly two are selected.
    public var pairToCompare: [String]? {
        let paths = selectedPhotos.map(\.path)
        return paths.count == 2 ? paths : nil
    }

    /// A photo window closed on `path`: back in the grid, that photo is
    /// the one selected, unless it is one of several selected already.
    @discardableResult
    public func reselect(afterViewing path: String) -> State {
        selectedPhotos.contains { $0.path == path } ? state : select(paths: [path])
    }

    // MARK: Photos asked for by path

    /// The photos at `paths` (in this list's folder) are to be selected and
    /// opened once the list holds them: see `takePhotosToShow()`.
    public func show(photos paths: [String]) {
        photosAskedFor += paths
    }

    /// The photos asked for by `show(photos:)`, once the list holds them
    /// all or the folder has loaded without some (a photo not found yet
    /// may still come while it loads): they are selected now and no longer
    /// waited for. Nil while they are waited for, and when none was asked.
    public func takePhotosToShow() -> PhotosToShow? {
        guard !photosAskedFor.isEmpty else { return nil }
        let found = photosAskedFor.compactMap(photo(at:))
        let loading = if case .loading = state { true } else { false }
        guard found.count == photosAskedFor.count || !loading else { return nil }
        let missing = photosAskedFor.filter { photo(at: $0) == nil }
        photosAskedFor = []
        select(paths: found.map(\.path))
        return PhotosToShow(toOpen: PhotosToOpen(found), notFound: missing.isEmpty ? nil : .notFound(missing))
    }
}

/// Photo windows to open: a few at most, however many photos are asked for.
public struct PhotosToOpen: Equatable, Sendable {
    /// Each photo of a big selection would open a window of its own: ten
    /// are more than anyone compares at once.
    public static let limit = 10

    public let photos: [Photo]
    /// Says so when the limit left some out.
    public let notice: Notice?

    init(_ asked: [Photo]) {
        photos = Array(asked.prefix(Self.limit))
        notice = asked.count > Self.limit ? .openedFirst(Self.limit, of: asked.count) : nil
    }
}

/// The photos a command line asked for, found in the list and selected.
public struct PhotosToShow: Equatable, Sendable {
    public let toOpen: PhotosToOpen
    /// Names those the folder does not hold, if any.
    public let notFound: Notice?

    /// The photo to scroll to: the first found.
    public var first: Photo? { toOpen.photos.first }
}
