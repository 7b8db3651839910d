import Imaging

/// Rotating the photo shown: a quarter turn of its EXIF orientation, which
/// the list writes into the file; the window turns the pixels it has.
extension PhotoViewerLogic {
    /// Turns the photo a quarter (its EXIF orientation; the list writes
    /// it). The pixels shown are turned at once, off the main thread, and
    /// kept for the photo until its file is written and read again. Turns
    /// asked in a row are made one after another, each on the pixels the
    /// one before it showed.
    @discardableResult
    public func rotate(clockwise: Bool) async -> State {
        let previous = lastRotation
        let rotation = Task { @MainActor [weak self] in
            await previous?.value
            await self?.turn(clockwise: clockwise)
        }
        lastRotation = rotation
        await rotation.value
        return state
    }

    private func turn(clockwise: Bool) async {
        guard case .presenting(_, let pixels) = state.picture, let browsing else { return }
        let before = photo.metadata?.orientation
        browsing.rotate(path: photo.path, clockwise: clockwise)
        photo = browsing.photo(at: photo.path) ?? photo
        // The list turns only a photo whose orientation it knows.
        guard photo.metadata?.orientation != before else { return }
        let mine = generation
        let turned = await Task.detached(priority: .userInitiated) { pixels.turned(clockwise: clockwise) }.value
        guard mine == generation, case .presenting = state.picture else { return }
        preloader.keep(turned, for: photo)
        fullResolution = nil
        publish(.presenting(photo, turned))
    }
}
