import CImaging
import CMetadata
import FilePaths
import Foundation
import Imaging
import Localization

extension Imaging {
    /// Sets metadata tags of the image at `path` in place, e.g.
    /// `("Exif.Photo.DateTimeOriginal", "2024:07:01 10:00:00")`.
    public static func setMetadata(_ tags: [(key: String, value: String)], path: String) throws(ImageError) {
        try callWithPairs(tags, failure: tr("The metadata could not be written.")) { keys, values, count, error in
            path.withPathCString { lb_metadata_set_tags($0, keys, values, count, error) }
        }
    }

    /// Sets the EXIF orientation (1…8) of the file at `path`, in place.
    public static func setOrientation(_ orientation: Int, path: String) throws(ImageError) {
        var error: UnsafeMutablePointer<CChar>?
        if !path.withPathCString({ lb_metadata_set_orientation($0, Int32(orientation), &error) }) {
            defer { lb_free(error) }
            throw ImageError(cMessage: error, fallback: tr("The metadata could not be written."))
        }
    }
}
