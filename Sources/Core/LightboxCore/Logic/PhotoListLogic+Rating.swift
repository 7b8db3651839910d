import Foundation

/// Rating and turning photos: the photo shows the change at once; the
/// index and the file are written off the main thread by the library's
/// RatingQueue, whose reports come back to the logic (see `handle`). A
/// RAW+JPEG pair's rating goes to both files: the JPEG's as the preference
/// says, the RAW's into its sidecar (FileRatingWriter never writes a RAW).
extension PhotoListLogic {
    /// Rates a photo 1…5 stars (0 clears the rating, -1 rejects it).
    @discardableResult
    public func rate(path: String, stars: Int) -> State {
        guard photos.photo(at: path) != nil else { return state }
        rate([path], stars: stars)
        return publish(makeState())
    }

    /// Rates the photos at `paths` and every file of theirs.
    private func rate(_ paths: [String], stars: Int) {
        let files = paths.compactMap { photos.photo(at: $0) }.flatMap(\.files)
        let rated = files.compactMap { file -> Photo? in
            guard var photo = photos.photo(at: file) else { return nil }
            photo.rate(stars)
            return photo
        }
        photos.replace(rated)
        if loading { decidedWhileLoading.formUnion(rated.map(\.path)) }
        for photo in rated { library.ratings.rate(photo.rating, path: photo.path) }
    }

    /// Marks a photo rejected (xmp:Rating -1).
    @discardableResult
    public func reject(path: String) -> State { rate(path: path, stars: Photo.rejected) }

    /// Leaves the photo unrated (xmp:Rating 0).
    @discardableResult
    package func clearRating(path: String) -> State { rate(path: path, stars: 0) }

    /// Turns a photo a quarter clockwise or counter-clockwise: its EXIF
    /// orientation changes at once in the list and is written into the
    /// file by the rating queue, after the ratings given before. Not before
    /// the photo's metadata is read: the turn starts from its orientation.
    /// A pair's RAW takes the same orientation, in its sidecar (XMP's
    /// tiff:Orientation, which Lightroom and digiKam read there).
    @discardableResult
    public func rotate(path: String, clockwise: Bool) -> State {
        guard var photo = photos.photo(at: path), var metadata = photo.metadata else { return state }
        metadata.orientation = PhotoOrientation.turned(metadata.orientation, clockwise: clockwise)
        photo.metadata = metadata
        var turned = [photo]
        if let raw = photo.raw, var rawPhoto = photos.photo(at: raw) {
            var rawMetadata = rawPhoto.metadata ?? metadata
            rawMetadata.orientation = metadata.orientation
            rawPhoto.metadata = rawMetadata
            turned.append(rawPhoto)
        }
        photos.replace(turned)
        for each in turned {
            library.ratings.rotate(to: metadata.orientation, path: each.path, inSidecar: each.path != path)
        }
        return publish(makeState())
    }

    /// Rates the selected photos (0 clears, -1 rejects); their files are
    /// written by the rating queue, in order, off the main thread.
    @discardableResult
    public func rateSelection(stars: Int) -> State {
        let selected = selectedPhotos
        guard !selected.isEmpty else { return state }
        rate(selected.map(\.path), stars: stars)
        return publish(makeState())
    }

    /// X on a selection: rejects the photos, or, when all of them already
    /// are, takes the rejection back (as X does on one photo).
    @discardableResult
    public func toggleRejectedSelection() -> State {
        let selected = selectedPhotos
        guard !selected.isEmpty else { return state }
        return rateSelection(stars: selected.allSatisfy(\.isRejected) ? 0 : Photo.rejected)
    }
}
