import Foundation
import Imaging

/// The shared thumbnail cache of the freedesktop Thumbnail Managing
/// Standard, the one file managers use: `$XDG_CACHE_HOME/thumbnails/<size>/`
/// holds `<md5 of the file URI>.png`, each carrying `Thumb::URI` and
/// `Thumb::MTime` in tEXt chunks; a thumbnail is valid only while its
/// MTime equals the file's. Files Lightbox cannot read are remembered in
/// `fail/lightbox-<version>/` until they change.
///
/// A value type with no mutable state: every function may run on any
/// thread, and none should run on the main thread (they do file I/O and
/// decoding).
public struct ThumbnailCache: Sendable {
    /// What the cache holds for a file.
    enum Lookup: Equatable, Sendable {
        /// A valid thumbnail (possibly of a larger size than asked).
        case thumbnail(URL)
        /// Lightbox failed on this very version of the file before.
        case failed(ThumbnailError)
        case missing
    }

    /// `$XDG_CACHE_HOME/thumbnails`.
    public let root: URL
    /// `thumbnails/fail/lightbox-<version>`.
    let failFolder: URL
    /// The `Software` text written into thumbnails.
    let software: String
    /// Images declaring more pixels than this are refused unread.
    let maxPixels: Int
    /// Whether a valid thumbnail of a larger size may serve a request.
    let usesLargerThumbnails: Bool
    /// The processes that decode the files (and the cached thumbnails).
    public let decoders: DecoderPool

    public init(directories: XDGDirectories, version: String = AppInfo.version,
                maxPixels: Int = Imaging.defaultMaxPixels, usesLargerThumbnails: Bool = true,
                decoders: DecoderPool = .shared) {
        self.decoders = decoders
        root = directories.cacheHome.appendingPathComponent("thumbnails", isDirectory: true)
        failFolder = root.appendingPathComponent("fail", isDirectory: true)
            .appendingPathComponent("\(AppInfo.executable)-\(version)", isDirectory: true)
        software = "\(AppInfo.name) \(version)"
        self.maxPixels = maxPixels
        self.usesLargerThumbnails = usesLargerThumbnails
    }

    // MARK: Names

    /// The file's URI as GLib's `g_filename_to_uri` spells it, which is
    /// what file managers hash. Relative paths are taken from the current
    /// folder.
    package func uri(for path: String) -> String {
        let absolute = path.hasPrefix("/")
            ? path : FileManager.default.currentDirectoryPath + "/" + path
        return Imaging.fileURI(path: absolute) ?? URL(fileURLWithPath: absolute).absoluteString
    }

    /// The MD5 of the URI: the thumbnail's file name without `.png`.
    func hash(of uri: String) -> String { Imaging.md5Hex(uri) }

    /// Where the thumbnail of `uri` at `size` lives (whether or not it exists).
    public func path(for uri: String, size: ThumbnailSize) -> URL {
        folder(for: size).appendingPathComponent(hash(of: uri) + ".png")
    }

    /// Where Lightbox records that it could not read `uri`.
    func failurePath(for uri: String) -> URL {
        failFolder.appendingPathComponent(hash(of: uri) + ".png")
    }

    public func folder(for size: ThumbnailSize) -> URL {
        root.appendingPathComponent(size.folderName, isDirectory: true)
    }

    // MARK: Lookup

    /// What the cache holds for `source` at `size`, reading only PNG text
    /// chunks, never pixels.
    func lookup(_ source: ThumbnailSource, size: ThumbnailSize) -> Lookup {
        let uri = uri(for: source.path)
        let name = hash(of: uri) + ".png"
        for candidate in candidates(for: size) {
            let url = folder(for: candidate).appendingPathComponent(name)
            if let text = PNGText.read(from: url), Self.isValid(text, uri: uri, source: source) {
                return .thumbnail(url)
            }
        }
        let failure = failFolder.appendingPathComponent(name)
        if let text = PNGText.read(from: failure), Self.isValid(text, uri: uri, source: source) {
            return .failed(text[Key.reason].map { ThumbnailError(reason: $0) } ?? .failedBefore)
        }
        return .missing
    }

    /// The thumbnail's pixels: from the cache when a valid one is there
    /// (whoever wrote it), else decoded from the file at reduced scale and
    /// written to the cache. A file that cannot be read is recorded as a
    /// failure and not read again until it changes.
    public func thumbnail(for source: ThumbnailSource, size: ThumbnailSize) throws(ThumbnailError) -> PixelData {
        try load(source, size: size).result.get()
    }

    /// Where a result came from, for the loader's statistics.
    enum Origin: Sendable { case disk, decoded }

    struct Loaded: Sendable {
        let result: Result<PixelData, ThumbnailError>
        let origin: Origin
    }

    /// - Parameter fitting: the most pixels a side of the answer may have
    ///   (a grid shows thumbnails smaller than the cache keeps them).
    func load(_ source: ThumbnailSource, size: ThumbnailSize, fitting: Int? = nil) -> Loaded {
        let shown = min(size.pixels, fitting ?? size.pixels)
        switch lookup(source, size: size) {
        case .thumbnail(let url):
            // A thumbnail that validates but will not decode is replaced.
            if let image = try? decoders.decode(path: url.path, maxSize: shown, maxPixels: maxPixels) {
                return Loaded(result: .success(image.pixels), origin: .disk)
            }
        case .failed(let error):
            return Loaded(result: .failure(error), origin: .disk)
        case .missing:
            break
        }
        return Loaded(result: generate(source, size: size, fitting: shown), origin: .decoded)
    }

    private func candidates(for size: ThumbnailSize) -> [ThumbnailSize] {
        usesLargerThumbnails ? ThumbnailSize.allCases.filter { $0 >= size } : [size]
    }

    /// The text keys of the standard, and Lightbox's own.
    enum Key {
        static let uri = "Thumb::URI" // untranslated: PNG text key
        static let mtime = "Thumb::MTime" // untranslated: PNG text key
        static let size = "Thumb::Size" // untranslated: PNG text key
        static let mimeType = "Thumb::Mimetype" // untranslated: PNG text key
        static let width = "Thumb::Image::Width" // untranslated: PNG text key
        static let height = "Thumb::Image::Height" // untranslated: PNG text key
        static let software = "Software" // untranslated: PNG text key
        static let reason = "Lightbox::Reason" // untranslated: PNG text key
    }

    /// A thumbnail (or fail entry) is valid when it names the same URI and
    /// the file's modification time; a recorded size must match too.
    static func isValid(_ text: [String: String], uri: String, source: ThumbnailSource) -> Bool {
        guard text[Key.uri] == uri, let mtimeText = text[Key.mtime] else { return false }
        let mtime = Int(mtimeText) ?? Double(mtimeText).flatMap { $0.isFinite ? Int(exactly: $0.rounded(.down)) : nil }
        guard mtime == source.modificationTime else { return false }
        if let sizeText = text[Key.size], let size = Int64(sizeText), size != source.fileSize { return false }
        return true
    }
}
