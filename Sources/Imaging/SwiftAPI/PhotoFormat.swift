import CDecoding
import FilePaths

/// The photo formats Lightbox lists and reads, by file name extension:
/// the one list the folder scanner, the decoders, the desktop file's
/// MimeType (the Makefile reads this file) and `--help` share.
public enum PhotoFormat {
    /// Pictures gdk-pixbuf's loaders decode: JPEG, PNG, GIF, TIFF and BMP
    /// on every Debian system; WebP, HEIF/HEIC and AVIF through Debian's
    /// loaders (webp-pixbuf-loader, heif-gdk-pixbuf, libavif-gdk-pixbuf).
    public static let pictureExtensions: [String] = [
        "jpg", "jpeg", "jpe", "png", "webp", "gif", "tif", "tiff", "bmp", "heic", "heif", "hif", "avif",
    ]

    /// Camera RAW files, read in the decoder from the camera's embedded
    /// preview (exiv2), or from the sensor data (LibRaw 0.20) where no
    /// preview serves. Never written: their ratings go to sidecars.
    /// GoPro's GPR is a DNG whose sensor data Debian's LibRaw cannot read
    /// (VC-5): listed, and shown from a preview when it has one, else the
    /// window says it cannot be shown. shared-mime-info 2.2 has no type
    /// for it, so the desktop file declares none.
    public static let rawExtensions: [String] = [
        "dng", "cr2", "cr3", "crw", "nef", "nrw", "arw", "sr2", "srf", "raf", "orf", "rw2", "pef", "srw",
        "3fr", "iiq", "erf", "mrw", "kdc", "dcr", "mos", "mef", "rwl", "x3f", "gpr",
    ]

    /// Pictures the decoder reads with a library of its own rather than
    /// gdk-pixbuf, which has no loader for them on Debian 12: JPEG XL
    /// (libjxl). The desktop file declares shared-mime-info's type for
    /// each, as for RAW files.
    public static let libraryExtensions: [String] = ["jxl"]

    /// Every extension the folder scanner lists.
    public static let extensions: Set<String> = Set(pictureExtensions + rawExtensions + libraryExtensions)

    private static let raw = Set(rawExtensions)

    /// Whether `path` names a camera RAW file (by its extension, in any case).
    public static func isRaw(_ path: String) -> Bool {
        raw.contains(lowercasedExtension(of: path))
    }

    /// `path`'s extension in lower case ("" for none).
    /// (Byte by byte from the end: asked for many files at a time.)
    public static func lowercasedExtension(of path: String) -> String {
        let bytes = path.utf8
        let slash = bytes.lastIndex(of: UInt8(ascii: "/"))
        let nameStart = slash.map { bytes.index(after: $0) } ?? bytes.startIndex
        guard let dot = bytes[nameStart...].lastIndex(of: UInt8(ascii: ".")), dot != nameStart else { return "" }
        return String(Substring(path.utf8[bytes.index(after: dot)...])).lowercased()
    }

    /// The decoder's hints for a file at `path` (LB_HINT_*).
    static func hints(for path: String) -> UInt32 {
        let name = lowercasedExtension(of: path)
        if raw.contains(name) { return UInt32(LB_HINT_RAW) }
        return name == "jxl" ? UInt32(LB_HINT_JXL) : 0
    }
}
