import CDecoding
import CImaging
import FilePaths
import Foundation

/// What a metadata edit changes in a file.
public struct MetadataEdit: Equatable, Sendable {
    /// Xmp.xmp.Rating: -1 (rejected), 0 (unrated) or 1…5.
    public var rating: Int?
    /// Also EXIF's Rating and RatingPercent (formats that carry EXIF).
    public var exifRating = false
    /// EXIF's Orientation (1…8).
    public var orientation: Int?

    public init(rating: Int? = nil, exifRating: Bool = false, orientation: Int? = nil) {
        self.rating = rating
        self.exifRating = exifRating
        self.orientation = orientation
    }

    var raw: LbMetadataEdit {
        LbMetadataEdit(set_rating: rating != nil, rating: Int32(rating ?? 0), exif_rating: exifRating,
                       set_orientation: orientation != nil, orientation: Int32(orientation ?? 0))
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
        var raw = edit.raw
        return try edited { decoder, timeout, result in
            if let path {
                return path.withPathCString { lb_decoder_edit(decoder, $0, &raw, timeout, &result) }
            }
            return lb_decoder_edit(decoder, nil, &raw, timeout, &result)
        }
    }

    /// `edit` made on the file open read-only at `descriptor` (kept open):
    /// the caller then knows which file the new one was made from,
    /// whatever its name holds by the time the new file is put in place.
    public func edit(file descriptor: Int32, _ edit: MetadataEdit) throws(ImageError) -> EditedFile {
        var raw = edit.raw
        return try edited { decoder, timeout, result in
            lb_decoder_edit_file(decoder, descriptor, &raw, timeout, &result)
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
