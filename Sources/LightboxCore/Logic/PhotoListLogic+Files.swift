import Foundation

/// What a main window's list does with files: changes on disk (photos
/// found, changed, moved, gone), and moving photos to the trash and back.
extension PhotoListLogic {
    /// A folder appeared inside the open one: its photos join the list.
    @discardableResult
    public func folderAdded(path: String) async -> State {
        guard let folder, path.hasPrefix(folder.url.path + "/") else { return state }
        var found: [String: Photo] = [:]
        for await event in library.load(Folder(url: URL(fileURLWithPath: path)), order: order) {
            switch event {
            case .found(let photos), .updated(let photos): for photo in photos { found[photo.path] = photo }
            default: break
            }
        }
        guard self.folder == folder else { return state }
        insert(found.values.filter { byPath[$0.path] == nil })
        return publish(makeState())
    }

    /// A file appeared or changed on disk (an XMP sidecar: its photos).
    @discardableResult
    public func fileChanged(path: String) async -> State {
        guard let folder, path.hasPrefix(folder.url.path + "/") else { return state }
        if SidecarNaming.isSidecar(Photo.name(of: path)) { return await sidecarChanged(path: path) }
        if let photo = await library.reload(path: path), self.folder == folder {
            if byPath[path] == nil { insert([photo]) } else { replace([photo]) }
            return publish(makeState())
        }
        return fileRemoved(path: path)
    }

    /// A file vanished from disk; a folder that vanished takes its photos.
    @discardableResult
    public func fileRemoved(path: String) -> State {
        if let folder, path == folder.url.path {
            // The open folder itself is gone.
            byPath = [:]
            selection = []
            resetVisible()
            loading = false
            return publish(.failed(.missing(path: path)))
        }
        let prefix = path + "/"
        let gone = byPath.keys.filter { $0 == path || $0.hasPrefix(prefix) }
        guard !gone.isEmpty else { return state }
        for key in gone { byPath[key] = nil }
        selection.subtract(gone)
        change(.remove(Set(gone)))
        return publish(makeState())
    }

    /// A file was renamed or moved within the folder: it keeps its rating.
    /// Lightbox's own rating writes swap a photo with a rewritten copy;
    /// the rating queue tells of those (see `observeRatings`).
    @discardableResult
    public func fileMoved(from old: String, to new: String) async -> State {
        if RatingTemporary.isTemporary(new) || RatingTemporary.isTemporary(old) { return state }
        // In the rating queue's order: after any rating given before.
        await library.ratings.move(from: old, to: new)
        // A selected photo stays selected under its new name.
        let wasSelected = selection.contains(old)
        _ = fileRemoved(path: old)
        if wasSelected { selection.insert(new) }
        return await fileChanged(path: new)
    }

    /// Moves one photo to the trash, as a batch of one (see `trash(paths:)`);
    /// throws why it could not, leaving everything as it was.
    @discardableResult
    public func trash(path: String) async throws(TrashError) -> State {
        if let failure = await trash(paths: [path]).failures.first { throw TrashError(message: failure.reason) }
        return state
    }

    /// Puts back the photo last trashed from `path` (see `restore(paths:)`).
    @discardableResult
    public func restore(path: String) async throws(TrashError) -> State {
        if let failure = await restore(paths: [path]).first { throw TrashError(message: failure.reason) }
        return state
    }
}
