import Foundation
import LightboxCore

/// The stores every window shares: one photo library (index and ratings)
/// and one thumbnail loader (one pool, one memory cache).
@MainActor
final class AppServices {
    let directories: XDGDirectories
    let library: PhotoLibrary
    let thumbnails: ThumbnailLoader
    /// Why the index is not on disk this run, when it could not be opened.
    let indexProblem: String?

    init(directories: XDGDirectories) {
        self.directories = directories
        let index: LibraryIndex
        do {
            index = try LibraryIndex(url: LibraryIndex.url(in: directories))
            indexProblem = nil
        } catch {
            // Ratings made now are kept until Lightbox quits, and the
            // person is told why (the data folder is unusable).
            index = (try? LibraryIndex())!
            indexProblem = "Ratings cannot be saved: the library in \(directories.lightbox(\.dataHome).path) "
                + "could not be opened (\(error))."
        }
        library = PhotoLibrary(index: index)
        // 32 MiB holds about the ~130 thumbnails of the cells GTK keeps
        // bound: scrolling back shows them at once, and memory stays flat.
        thumbnails = ThumbnailLoader(cache: ThumbnailCache(directories: directories), size: .large,
                                     memoryLimit: 32 << 20)
    }
}
