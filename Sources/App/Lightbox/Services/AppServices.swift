import Foundation
import GtkKit
import LightboxCore
import Localization

/// The stores every window shares: one photo library (index and ratings,
/// and the queue writing ratings into files), the preferences, and a
/// thumbnail loader per grid zoom level (each with its memory cache).
@MainActor
final class AppServices {
    let directories: XDGDirectories
    let library: PhotoLibrary
    private let settings: AppSettings
    /// Whether photo windows step on after a rating or a reject (a
    /// preference, read at start-up).
    private(set) var advancesAfterRating: Bool
    private var thumbnailsByZoom: [GridZoom: ThumbnailTextures] = [:]
    /// Why the index is not on disk this run, when it could not be opened.
    let indexProblem: String?

    init(directories: XDGDirectories, settings: AppSettings) {
        self.directories = directories
        let index: LibraryIndex
        do {
            index = try LibraryIndex(url: LibraryIndex.url(in: directories))
            indexProblem = nil
        } catch {
            // Ratings made now are kept until Lightbox quits, and the
            // person is told why (the data folder is unusable).
            index = (try? LibraryIndex())!
            // Translators: a notice; {folder} is where the library is, {error} says why it failed.
            indexProblem = tr("Ratings cannot be saved: the library in {folder} could not be opened ({error}).",
                              ["folder": directories.lightbox(\.dataHome).path, "error": "\(error)"])
        }
        self.settings = settings
        let saved = settings.preferences
        advancesAfterRating = saved.advancesAfterRating
        // Ratings go where the person chose; each written into a photo
        // re-stamps its shared thumbnail instead of making it again.
        let ratings = RatingQueue(index: index, storage: saved.ratingStorage,
                                  thumbnails: ThumbnailCache(directories: directories))
        library = PhotoLibrary(index: index, ratings: ratings)
        // Writes a quit or a full disk left undone are tried again.
        ratings.resumePending()
    }

    /// The thumbnails of grids at `zoom`, made on first use. They are kept
    /// as the textures the grid shows, at the size it shows them, in
    /// device pixels (twice the cell on a HiDPI screen), from the shared
    /// cache's size that holds them (normal, large, x-large). Grids load
    /// them for the cells on screen and a screen either side (about 40 at
    /// the standard size); 6 MiB at scale 1 keeps those and the last ones
    /// scrolled past, so scrolling back shows them at once, and memory
    /// stays flat. The loader keeps no pixels of its own (the textures
    /// do). Pixels come premultiplied, as GDK keeps them, so no renderer
    /// converts them again.
    func thumbnails(for zoom: GridZoom) -> ThumbnailTextures {
        if let made = thumbnailsByZoom[zoom] { return made }
        let scale = Gtk.largestScaleFactor
        let cells = ThumbnailSize.forCells(zoom.points, scale: scale)
        let loader = ThumbnailLoader(cache: ThumbnailCache(directories: directories), size: cells.size,
                                     fitting: cells.shown, format: .premultipliedARGB32, memoryLimit: 0)
        let made = ThumbnailTextures(loader: loader, memoryLimit: (6 << 20) * scale * scale)
        thumbnailsByZoom[zoom] = made
        return made
    }

    /// Remembers whether photo windows step on after a decision.
    func setAdvancesAfterRating(_ on: Bool) {
        advancesAfterRating = on
        var preferences = settings.preferences
        preferences.advancesAfterRating = on
        settings.save(preferences)
    }
}
