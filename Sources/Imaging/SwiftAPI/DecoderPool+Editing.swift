import CDecoding
import CImaging
import FilePaths
import Foundation

/// What a metadata edit changes in a file. Text is written as the
/// Metadata Working Group's guidelines have it: XMP always, IPTC and
/// EXIF kept in step where the file has them (see `lb_metadata_edit`).
public struct MetadataEdit: Equatable, Sendable {
    /// Xmp.xmp.Rating: -1 (rejected), 0 (unrated) or 1…5.
    public var rating: Int?
    /// Also EXIF's Rating and RatingPercent (formats that carry EXIF).
    public var exifRating = false
    /// EXIF's Orientation (1…8).
    public var orientation: Int?
    /// The colour label, Xmp.xmp.Label ("Red", "Yellow", "Green", "Blue",
    /// "Purple", or other text), and digiKam's and darktable's where the
    /// file has them: nil leaves it, "" removes it.
    public var label: String?
    /// The title, Xmp.dc.title (and IPTC's ObjectName): nil leaves it, "" removes it.
    public var title: String?
    /// The caption, Xmp.dc.description (and IPTC's Caption, EXIF's
    /// ImageDescription): nil leaves it, "" removes it.
    public var caption: String?
    /// Keyword paths to add, '|' between levels ("Places|Brittany|Finistère";
    /// "sunset" is a path of one level).
    public var addedKeywords: [String] = []
    /// Keyword paths to remove, as `addedKeywords`.
    public var removedKeywords: [String] = []

    public init(rating: Int? = nil, exifRating: Bool = false, orientation: Int? = nil, label: String? = nil,
                title: String? = nil, caption: String? = nil, addedKeywords: [String] = [],
                removedKeywords: [String] = []) {
        self.rating = rating
        self.exifRating = exifRating
        self.orientation = orientation
        self.label = label
        self.title = title
        self.caption = caption
        self.addedKeywords = addedKeywords
        self.removedKeywords = removedKeywords
    }

    /// Whether the edit changes nothing (`exifRating` alone says only
    /// where a rating would go).
    public var isEmpty: Bool {
        rating == nil && orientation == nil && label == nil && title == nil && caption == nil
            && addedKeywords.isEmpty && removedKeywords.isEmpty
    }

    /// Calls `body` with the edit as C sees it; its strings live until
    /// `body` returns, and no longer.
    func withRaw<Result>(_ body: (inout LbMetadataEdit) -> Result) -> Result {
        let texts = [label, title, caption].map { $0.map { strdup($0) } }
        let added = addedKeywords.map { strdup($0) }, removed = removedKeywords.map { strdup($0) }
        defer { (texts.compactMap { $0 } + added + removed).forEach { free($0) } }
        func constant(_ text: UnsafeMutablePointer<CChar>??) -> UnsafePointer<CChar>? {
            text.flatMap { $0 }.map { UnsafePointer($0) }
        }
        let addedPaths = added.map { $0.map { UnsafePointer($0) } }
        let removedPaths = removed.map { $0.map { UnsafePointer($0) } }
        return addedPaths.withUnsafeBufferPointer { addedBuffer in
            removedPaths.withUnsafeBufferPointer { removedBuffer in
                var raw = LbMetadataEdit(
                    set_rating: rating != nil, rating: Int32(rating ?? 0), exif_rating: exifRating,
                    set_orientation: orientation != nil, orientation: Int32(orientation ?? 0),
                    label: constant(texts[0]), title: constant(texts[1]), caption: constant(texts[2]),
                    keywords_added: addedBuffer.baseAddress, added_count: Int32(addedBuffer.count),
                    keywords_removed: removedBuffer.baseAddress, removed_count: Int32(removedBuffer.count))
                return body(&raw)
            }
        }
    }
}

/// A whole file with edited metadata, as a decoder made it: a sealed,
/// read-only memfd that closes with this object.
public final class EditedFile: Sendable {
    public let descriptor: Int32
    public let length: Int

    init(descriptor: Int32, length: Int) {
        self.descriptor = descriptor
        self.length = length
    }

    deinit { close(descriptor) }
}

extension DecoderPool {
    /// The file at `path` (nil: a new, empty XMP sidecar) with `edit`
    /// made by gexiv2 in a decoder process: the app hands the decoder the
    /// file read-only and takes the new file back whole; exiv2 never
    /// parses a photo in the app, and the decoder never holds anything it
    /// could write to. Putting the result in place is the caller's
    /// (`Imaging.writeRating`).
    public func edit(path: String?, _ edit: MetadataEdit) throws(ImageError) -> EditedFile {
        // Always in a decoder, even for the benchmarks' in-process pool
        // (which never edits).
        try edited { decoder, timeout, result in
            edit.withRaw { raw in
                if let path {
                    return path.withPathCString { lb_decoder_edit(decoder, $0, &raw, timeout, &result) }
                }
                return lb_decoder_edit(decoder, nil, &raw, timeout, &result)
            }
        }
    }

    /// `edit` made on the file open read-only at `descriptor` (kept open):
    /// the caller then knows which file the new one was made from,
    /// whatever its name holds by the time the new file is put in place.
    public func edit(file descriptor: Int32, _ edit: MetadataEdit) throws(ImageError) -> EditedFile {
        try edited { decoder, timeout, result in
            edit.withRaw { raw in lb_decoder_edit_file(decoder, descriptor, &raw, timeout, &result) }
        }
    }

    private func edited(_ body: (OpaquePointer, Int32, inout LbDecoderResult) -> LbDecoderStatus)
        throws(ImageError) -> EditedFile {
        var result = try exchange(.background, body)
        guard result.has_edited else {
            lb_decoder_result_clear(&result)
            throw ImageError(DecoderPool.wrongAnswer, kind: .decoderNonsense)
        }
        // The file object now owns the descriptor.
        let file = EditedFile(descriptor: result.edited_fd, length: Int(result.edited_length))
        result.has_edited = false
        lb_decoder_result_clear(&result)
        return file
    }
}
