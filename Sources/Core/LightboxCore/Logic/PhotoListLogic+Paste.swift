import Imaging
import Localization

/// What pasting files a file manager copied (or cut) comes to in the
/// folder shown.
public enum PasteRequest: Equatable, Sendable {
    /// Copy these photos into `folder`, or move them there when they were
    /// cut (the file manager that cut them expects them to leave); a copy
    /// or a move like Copy to…, name clashes asked about.
    case transfer([String], to: String, mode: PhotoTransferMode)
    /// Nothing to paste here; the notice says why.
    case refused(Notice)
}

extension PhotoListLogic {
    /// Files pasted into the folder shown (Ctrl+V, Paste in the grid's
    /// menu). Only photos come in: whatever else a file manager copied
    /// along with them (a document, a folder) stays where it is; a photo's
    /// sidecar follows it, as in every copy.
    public func paste(_ paths: [String], cut: Bool) -> PasteRequest {
        guard let folder else { return .refused(.nothingToPaste) }
        let photos = paths.filter { FolderScanner.imageExtensions.contains(PhotoFormat.lowercasedExtension(of: $0)) }
        guard !photos.isEmpty else { return .refused(.nothingToPaste) }
        return .transfer(photos, to: folder.url.path, mode: cut ? .move : .copy)
    }
}

extension Notice {
    /// Paste found no photo on the clipboard (only other files, or nothing
    /// it could read).
    static var nothingToPaste: Notice {
        // Translators: a notice after Paste (Ctrl+V) when a file manager copied no photo.
        Notice(tr("No photos to paste: copy photos in a file manager first"), seconds: 8)
    }
}
