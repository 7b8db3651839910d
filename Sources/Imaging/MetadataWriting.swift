import CImaging
import FilePaths
import Foundation
import Localization

extension Imaging {
    /// Sets metadata tags of the image at `path` in place, e.g.
    /// `("Exif.Photo.DateTimeOriginal", "2024:07:01 10:00:00")`.
    public static func setMetadata(_ tags: [(key: String, value: String)], path: String) throws(ImageError) {
        try callWithPairs(tags, failure: tr("The metadata could not be written.")) { keys, values, count, error in
            path.withPathCString { lb_metadata_set_tags($0, keys, values, count, error) }
        }
    }
}
