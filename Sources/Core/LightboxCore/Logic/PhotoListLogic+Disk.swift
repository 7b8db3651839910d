import Foundation

/// Changes on disk, as the folder monitor reports them: photos found,
/// changed, moved or gone, sidecars written by other programs.
extension PhotoListLogic {
    /// A folder appeared inside the open one: its photos join the list
    /// (when the folders inside show theirs), and one right inside is
    /// offered to go into.
    @discardableResult
    public func folderAdded(path: String) async -> State {
        guard let folder, path.hasPrefix(folder.url.path + "/") else { return state }
        if !path.dropFirst(folder.url.path.count + 1).contains("/"), !subfolders.contains(path) {
            subfolders = (subfolders + [path]).sorted { $0.localizedStandardCompare($1) == .orderedAscending }
        }
        guard includesSubfolders else { return publish(makeState()) }
        var found: [String: Photo] = [:]
        for await event in library.load(Folder(url: URL(fileURLWithPath: path)), order: order) {
            switch event {
            case .found(let photos), .updated(let photos): for photo in photos { found[photo.path] = photo }
            default: break
            }
        }
        guard self.folder == folder else { return state }
        photos.insert(found.values.filter { photos.photo(at: $0.path) == nil })
        return publish(makeState())
    }

    /// A file appeared or changed on disk (an XMP sidecar: its photos).
    @discardableResult
    public func fileChanged(path: String) async -> State {
        guard let folder, path.hasPrefix(folder.url.path + "/") else { return state }
        if SidecarNaming.isSidecar(Photo.name(of: path)) { return await sidecarChanged(path: path) }
        if let photo = await library.reload(path: path), self.folder == folder {
            if photos.photo(at: path) == nil { photos.insert([photo]) } else { photos.replace([photo]) }
            return publish(makeState())
        }
        return fileRemoved(path: path)
    }

    /// A file vanished from disk; a folder that vanished takes its photos.
    @discardableResult
    public func fileRemoved(path: String) -> State {
        if let folder, path == folder.url.path { return folderGone(path: path) }
        let folderWent = subfolders.contains(path)
        subfolders.removeAll { $0 == path }
        let gone = photos.paths(under: path)
        guard !gone.isEmpty else { return folderWent ? publish(makeState()) : state }
        photos.remove(gone)
        selection.remove(gone)
        return publish(makeState())
    }

    /// A file was renamed or moved within the folder: it keeps its rating.
    /// Lightbox's own rating writes swap a photo with a rewritten copy;
    /// the rating queue tells of those (see `handle` in PhotoListLogic).
    @discardableResult
    public func fileMoved(from old: String, to new: String) async -> State {
        if RatingTemporary.isTemporary(new) || RatingTemporary.isTemporary(old) { return state }
        // In the rating queue's order: after any rating given before.
        await library.ratings.move(from: old, to: new)
        selection.rename(old, to: new)
        _ = fileRemoved(path: old)
        return await fileChanged(path: new)
    }

    /// An XMP sidecar appeared, changed or vanished: the photos it
    /// belongs to are read again (its rating may now be theirs).
    private func sidecarChanged(path: String) async -> State {
        let base = String(path.dropLast(4))
        let owners = photos.all.map(\.path).filter { photo in
            photo == base || (String(photo.dropLast(Photo.name(of: photo).count)) + Photo.stem(of: photo)) == base
        }
        for owner in owners {
            if let photo = await library.reload(path: owner), photos.photo(at: owner) != nil { photos.replace([photo]) }
        }
        return owners.isEmpty ? state : publish(makeState())
    }
}
