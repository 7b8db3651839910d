import Foundation
import FilePaths
import Imaging
import Localization

extension ThumbnailCache {
    /// Decodes the file at reduced scale, writes the thumbnail (or, when it
    /// cannot be read, a fail entry) and answers the pixels, scaled down to
    /// fit `fitting` when given.
    func generate(_ source: ThumbnailSource, size: ThumbnailSize,
                  fitting: Int? = nil) -> Result<PixelData, ThumbnailError> {
        let uri = uri(for: source.path)
        // The file as it is now: what the written MTime must describe.
        var info = stat()
        guard Posix.stat(source.path, &info) == 0 else {
            let code = errno
            var link = stat()
            if code == ENOENT, Posix.lstat(source.path, &link) == 0 { return .failure(.brokenLink) }
            // A file that is gone needs no fail entry; one we may not
            // examine does.
            if code != ENOENT, code != ENOTDIR { recordFailure(uri: uri, source: source, .unreadable(code)) }
            return .failure(.unreadable(code))
        }
        let current = ThumbnailSource(path: source.path, modificationTime: Int(info.st_mtim.tv_sec),
                                      fileSize: Int64(info.st_size))
        // Reading a pipe or a device could block for ever.
        guard info.st_mode & S_IFMT == S_IFREG else {
            recordFailure(uri: uri, source: current, .notAFile)
            return .failure(.notAFile)
        }
        let image: DecodedImage
        do throws(ThumbnailError) {
            image = try decode(current, size: size)
        } catch {
            // No decoder could start: the file is not to blame, so nothing
            // is remembered about it.
            if !error.isTransient { recordFailure(uri: uri, source: current, error) }
            return .failure(error)
        }
        // Copied out of the decoder once, for the file and the answer.
        let pixels = image.pixels
        // Never thumbnail the thumbnails (the standard forbids it).
        if !source.path.hasPrefix(root.path + "/") {
            // As the decoder recognised it: no second look at the file.
            let mimeType = image.mimeType ?? "application/octet-stream"
            let text: [(key: String, value: String)] = [
                (Key.uri, uri),
                (Key.mtime, String(current.modificationTime)),
                (Key.size, String(current.fileSize)),
                (Key.mimeType, mimeType),
                (Key.width, String(image.originalWidth)),
                (Key.height, String(image.originalHeight)),
                (Key.software, software),
            ]
            // A cache that cannot be written (disk full, read-only) still
            // leaves a thumbnail to show. Light compression: writing at
            // zlib's default level takes longer than decoding did.
            try? write(path(for: uri, size: size)) { temporary throws(ImageError) in
                try Imaging.encode(pixels, to: temporary, as: .png, text: text, pngCompression: 1)
            }
        }
        guard let fitting, fitting < size.pixels else { return .success(pixels) }
        return .success(image.scaled(toFit: fitting).pixels)
    }

    /// Decodes to fit `size` while loading (JPEG at 1/2…1/8), with the
    /// EXIF orientation applied.
    private func decode(_ source: ThumbnailSource, size: ThumbnailSize) throws(ThumbnailError) -> DecodedImage {
        if Posix.access(source.path, R_OK) != 0 { throw .unreadable(errno) }
        if source.fileSize == 0 { throw .empty }
        do {
            // A truncated file is refused as damaged, though gdk-pixbuf would
            // fill in what it lacks.
            return try decoders.decode(path: source.path, maxSize: size.pixels, maxPixels: maxPixels)
        } catch {
            throw Self.reason(for: error)
        }
    }

    /// Imaging's own messages are already for people, and so are those of
    /// a decoder process that failed; gdk-pixbuf's loaders' are not.
    static func reason(for error: ImageError) -> ThumbnailError {
        let message = error.message
        switch error.kind {
        case .file: break
        case .decoderUnavailable: return ThumbnailError(reason: message, isTransient: true)
        default: return ThumbnailError(reason: message)
        }
        // Imaging translated them (`ImageMessages`): matched in the person's language.
        let ours = [tr("The file is not an image Lightbox can read."),
                    tr("The image is too large ({width} × {height} pixels)."),
                    tr("The file cannot be read."), tr("The file cannot be read into memory."),
                    tr("The file cannot be read: {reason}."), ThumbnailError.damaged.reason]
        if ours.contains(where: { ImageMessages.message(message, fits: $0) }) { return ThumbnailError(reason: message) }
        return ThumbnailError(reason: ThumbnailError.damaged.reason, detail: message)
    }

    /// Writes a fail entry: a 1×1 PNG carrying the URI, the MTime and why.
    func recordFailure(uri: String, source: ThumbnailSource, _ error: ThumbnailError) {
        let text: [(key: String, value: String)] = [
            (Key.uri, uri),
            (Key.mtime, String(source.modificationTime)),
            (Key.size, String(source.fileSize)),
            (Key.software, software),
            (Key.reason, error.reason),
        ]
        let pixel = PixelData(width: 1, height: 1, rgba: Data([0, 0, 0, 0]))
        try? write(failurePath(for: uri)) { temporary throws(ImageError) in
            try Imaging.encode(pixel, to: temporary, as: .png, text: text)
        }
    }

    /// Creates the file through `save` as a 0600 temporary file in the
    /// target's folder (made 0700 where missing), then renames it into place.
    func write(_ target: URL, _ save: (String) throws(ImageError) -> Void) throws(ImageError) {
        let folder = target.deletingLastPathComponent()
        try makeFolders(folder)
        var template = Array((target.path + ".XXXXXX").utf8CString)
        // mkstemp creates the file 0600 and opens it exclusively.
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        // Never shown: a thumbnail that cannot be stored is made again next time.
        guard fd >= 0 else {
            throw ImageError("Could not create a thumbnail file: \(String(cString: strerror(errno))).") // untranslated: not shown
        }
        close(fd)
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        do throws(ImageError) {
            try save(temporary)
            // The saver reopens the file; keep it private whatever the umask.
            guard chmod(temporary, 0o600) == 0, rename(temporary, target.path) == 0 else {
                throw ImageError("Could not store a thumbnail: \(String(cString: strerror(errno))).") // untranslated: not shown
            }
        } catch {
            unlink(temporary)
            throw error
        }
    }

    /// Creates each missing folder from the cache home down, mode 0700.
    private func makeFolders(_ folder: URL) throws(ImageError) {
        var missing: [String] = []
        var path = folder.path
        while !path.isEmpty, path != "/", access(path, F_OK) != 0 {
            missing.append(path)
            path = (path as NSString).deletingLastPathComponent
        }
        for path in missing.reversed() {
            if mkdir(path, 0o700) == 0 {
                chmod(path, 0o700)
            } else if errno != EEXIST {
                throw ImageError("Could not create the thumbnail folder: \(String(cString: strerror(errno))).") // untranslated: not shown
            }
        }
    }
}
