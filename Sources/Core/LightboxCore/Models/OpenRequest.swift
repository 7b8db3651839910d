import FilePaths
import Foundation
import Localization

/// What a command line or a drop asks to open, sorted out: each folder in
/// a window of its own; photos by the folder that holds them, each such
/// folder in one window with those photos selected and shown in photo
/// windows; anything else is a problem to report.
public struct OpenRequest: Equatable, Sendable {
    public struct PhotosInFolder: Equatable, Sendable {
        public let folder: String
        public var photos: [String]
    }

    /// Folders to open, in the order given (each once).
    public private(set) var folders: [String] = []
    /// Photos by folder, folders in the order their first photo was given.
    public private(set) var photos: [PhotosInFolder] = []
    public private(set) var problems: [String] = []

    /// Sorts out absolute `paths`; `isPhoto` tells a photo's file name.
    public init(paths: [String], isPhoto: (String) -> Bool = FolderScanner().isImage) {
        for path in paths.map({ URL(fileURLWithPath: $0).standardizedFileURL.path }) {
            switch Folder.open(path: path) {
            case .success(let folder):
                if !folders.contains(folder.url.path) { folders.append(folder.url.path) }
            case .failure(.notAFolder):
                let name = (path as NSString).lastPathComponent
                guard isPhoto(name) else {
                    // Translators: {path} is the full path of a file given to open.
                    problems.append(tr("“{path}” is not a photo Lightbox can show.", ["path": path.displayablePath]))
                    continue
                }
                add(photo: path, in: (path as NSString).deletingLastPathComponent)
            case .failure(.missing) where isPhoto((path as NSString).lastPathComponent):
                // Translators: {path} is the full path of a photo given to open.
                problems.append(tr("The photo “{path}” does not exist.", ["path": path.displayablePath]))
            case .failure(let problem):
                problems.append(problem.message)
            }
        }
    }

    private mutating func add(photo: String, in folder: String) {
        if let index = photos.firstIndex(where: { $0.folder == folder }) {
            if !photos[index].photos.contains(photo) { photos[index].photos.append(photo) }
        } else {
            photos.append(PhotosInFolder(folder: folder, photos: [photo]))
        }
    }

    public var isEmpty: Bool { folders.isEmpty && photos.isEmpty }
}
