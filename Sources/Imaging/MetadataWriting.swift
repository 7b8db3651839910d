import CImaging
import Foundation

extension Imaging {
    /// Sets metadata tags of the image at `path` in place, e.g.
    /// `("Exif.Photo.DateTimeOriginal", "2024:07:01 10:00:00")`.
    public static func setMetadata(_ tags: [(key: String, value: String)], path: String) throws(ImageError) {
        var error: UnsafeMutablePointer<CChar>?
        let keys = tags.map { strdup($0.key) }
        let values = tags.map { strdup($0.value) }
        defer { (keys + values).forEach { free($0) } }
        let saved = keys.map { UnsafePointer($0) }.withUnsafeBufferPointer { keyBuffer in
            values.map { UnsafePointer($0) }.withUnsafeBufferPointer { valueBuffer in
                lb_metadata_set_tags(path, keyBuffer.baseAddress, valueBuffer.baseAddress, Int32(tags.count), &error)
            }
        }
        if !saved {
            defer { lb_free(error) }
            throw ImageError(error.map { String(cString: $0) } ?? "The metadata could not be written.")
        }
    }
}
