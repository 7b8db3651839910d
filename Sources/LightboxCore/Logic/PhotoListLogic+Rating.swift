import Foundation

/// Rating actions: the photo shows its new rating at once; the index and
/// the file are written off the main thread by the library's RatingQueue,
/// whose reports come back here.
extension PhotoListLogic {
    /// Rates a photo 1…5 stars (0 clears the rating, -1 rejects it).
    @discardableResult
    public func rate(path: String, stars: Int) -> State {
        guard var photo = byPath[path] else { return state }
        photo.rate(stars)
        replace([photo])
        library.ratings.rate(photo.rating, path: path)
        return publish(makeState())
    }

    /// Marks a photo rejected (xmp:Rating -1).
    @discardableResult
    public func reject(path: String) -> State { rate(path: path, stars: Photo.rejected) }

    /// Leaves the photo unrated (xmp:Rating 0).
    @discardableResult
    public func clearRating(path: String) -> State { rate(path: path, stars: 0) }

    /// Turns a photo a quarter clockwise or counter-clockwise: its EXIF
    /// orientation changes at once in the list and is written into the
    /// file by the rating queue, after the ratings given before. Not before
    /// the photo's metadata is read: the turn starts from its orientation.
    @discardableResult
    public func rotate(path: String, clockwise: Bool) -> State {
        guard var photo = byPath[path], var metadata = photo.metadata else { return state }
        metadata.orientation = PhotoOrientation.turned(metadata.orientation, clockwise: clockwise)
        photo.metadata = metadata
        replace([photo])
        library.ratings.rotate(to: metadata.orientation, path: path)
        return publish(makeState())
    }

    /// The failure shown now was seen: the next one, if any, takes its place.
    @discardableResult
    public func dismissRatingFailure() -> State {
        guard !ratingFailures.isEmpty else { return state }
        ratingFailures.removeFirst()
        return publish(makeState())
    }

    /// The rating write failure to show now, if any.
    public var ratingFailure: RatingWriteFailure? { ratingFailures.first }

    /// An XMP sidecar appeared, changed or vanished: the photos it
    /// belongs to are read again (its rating may now be theirs).
    func sidecarChanged(path: String) async -> State {
        let base = String(path.dropLast(4))
        let owners = byPath.keys.filter { photo in
            photo == base || (String(photo.dropLast(Photo.name(of: photo).count)) + Photo.stem(of: photo)) == base
        }
        for owner in owners {
            if let photo = await library.reload(path: owner), byPath[owner] != nil { replace([photo]) }
        }
        return owners.isEmpty ? state : publish(makeState())
    }

    func observeRatings() {
        library.ratings.observe(owner: self) { [weak self] event in
            Task { @MainActor in self?.handle(event) }
        }
    }

    private func handle(_ event: RatingEvent) {
        switch event {
        case .written(let path, let size, let time):
            // The file changed on disk: the photo takes the new size and
            // time. After a rating its thumbnail, re-stamped to them, stays
            // valid; after a rotation it no longer matches and is made again.
            guard let photo = byPath[path], photo.fileSize != size || photo.modificationTime != time else { return }
            replace([photo.withFile(size: size, modificationTime: time)])
        case .failed(let failure):
            ratingFailures.append(failure)
        case .rotationFailed(let path):
            // The orientation shown is the file's again.
            Task { if let photo = await library.reload(path: path), byPath[path] != nil { replace([photo]); publish(makeState()) } }
            return
        }
        publish(makeState())
    }
}
