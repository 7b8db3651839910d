import CImaging
import FilePaths
import Foundation
import Localization

extension PixelData {
    /// Pixels made in memory: RGBA rows of `stride` bytes (`width * 4`
    /// when nil).
    public init(width: Int, height: Int, stride: Int? = nil, rgba: Data) {
        self.init(width: width, height: height, stride: stride ?? width * 4, bytes: rgba)
    }
}

/// A file format Lightbox can write.
public enum ImageFileFormat: Sendable, Equatable {
    case png
    /// JPEG at `quality` 0…100.
    case jpeg(quality: Int)
}

extension Imaging {
    /// Writes `pixels` to `path`. For PNG, `text` becomes tEXt chunks (key,
    /// value), in order, and `pngCompression` (zlib level 0…9, nil for
    /// gdk-pixbuf's default) trades size for speed; JPEG ignores both.
    public static func encode(_ pixels: PixelData, to path: String, as format: ImageFileFormat,
                              text: [(key: String, value: String)] = [],
                              pngCompression: Int? = nil) throws(ImageError) {
        guard pixels.format == .rgba, pixels.width > 0, pixels.height > 0, pixels.stride >= pixels.width * 4,
              pixels.byteCount >= pixels.stride * (pixels.height - 1) + pixels.width * 4
        else { throw ImageError(tr("The pixels are not a valid image.")) }
        let type: String
        var options: [(String, String)]
        switch format {
        case .png:
            type = "png"
            options = text.map { ("tEXt::" + $0.key, $0.value) }
            if let level = pngCompression { options.append(("compression", String(min(9, max(0, level))))) }
        case .jpeg(let quality):
            type = "jpeg"
            options = [("quality", String(min(100, max(0, quality))))]
        }
        try callWithPairs(options.map { (key: $0.0, value: $0.1) }, failure: tr("The image could not be written.")) {
            keys, values, count, error in
            pixels.withUnsafeBytes { raw in
                path.withPathCString { path in
                    lb_rgba_save(raw.bindMemory(to: UInt8.self).baseAddress, Int32(pixels.width), Int32(pixels.height),
                                 Int32(pixels.stride), path, type, keys, values, count, error)
                }
            }
        }
    }

    /// The file:// URI of an absolute path, byte for byte what GLib's
    /// `g_filename_to_uri` returns (what file managers hash for their
    /// thumbnails), bytes that are not UTF-8 escaped as %XX. Nil when
    /// `path` is not absolute.
    public static func fileURI(path: String) -> String? {
        guard let uri = path.withPathCString({ lb_filename_to_uri($0) }) else { return nil }
        defer { lb_free(uri) }
        return String(cString: uri)
    }

    /// The MD5 of the UTF-8 bytes of `text`, as 32 lowercase hex digits.
    public static func md5Hex(_ text: String) -> String {
        guard let digest = lb_md5_hex(text) else { return "" }
        defer { lb_free(digest) }
        return String(cString: digest)
    }
}
