import CImaging
import CMetadata
import FilePaths
import Imaging
import Localization

/// Decoding in the calling process, the way Lightbox did before decoder
/// processes: `make bench` puts the sandboxed figures beside these. The
/// app never links it.
struct InProcessDecoding: LocalDecoding {
    func decode(path: String, maxSize: Int, maxPixels: Int) throws(ImageError) -> DecodedImage {
        var width: Int32 = 0, height: Int32 = 0
        var error: UnsafeMutablePointer<CChar>?
        guard let image = path.withPathCString({
            lb_image_decode($0, Int32(maxSize), Int64(maxPixels), &width, &height, &error)
        }) else {
            defer { lb_free(error) }
            throw ImageError(cMessage: error, fallback: tr("The image cannot be read."))
        }
        return DecodedImage(image, originalWidth: Int(width), originalHeight: Int(height))
    }

    func probe(path: String) -> ImageProbe? {
        var width: Int32 = 0, height: Int32 = 0
        var mime: UnsafeMutablePointer<CChar>?
        guard path.withPathCString({ lb_image_probe($0, &width, &height, &mime) }) else { return nil }
        defer { lb_free(mime) }
        return ImageProbe(width: Int(width), height: Int(height),
                          mimeType: mime.map { String(cString: $0) } ?? "application/octet-stream")
    }

    func metadata(path: String) -> ImageMetadata? {
        var raw = LbMetadata()
        guard path.withPathCString({ lb_metadata_read($0, &raw) }) else { return nil }
        defer { lb_metadata_clear(&raw) }
        // As the decoder does: the header's size where the metadata has none.
        if raw.pixel_width <= 0 || raw.pixel_height <= 0 {
            var width: Int32 = 0, height: Int32 = 0
            if path.withPathCString({ lb_image_probe($0, &width, &height, nil) }) {
                raw.pixel_width = width
                raw.pixel_height = height
            }
        }
        return ImageMetadata(raw)
    }
}

extension DecoderPool {
    /// A pool that decodes in the calling process, as Lightbox did before
    /// decoders: kept so `make bench` can measure what the isolation
    /// costs, and so tests can hold the decoders' own readers to exiv2's
    /// reading of the whole file.
    public static func inProcessForBenchmarks() -> DecoderPool {
        DecoderPool(local: InProcessDecoding())
    }
}
