import FilePaths
import Foundation
import Localization

/// A main window's notices other than its file jobs' (see Notice+Files):
/// what opening, the clipboard and the file manager came to. Failures stay
/// 15 seconds, long enough to be read; what only confirms a key press, 3.
extension Notice {
    /// Open With… failed: `error` says why.
    public static func openFailed(app: String, error: String) -> Notice {
        // Translators: a notice; {app} is an application's name, {error} why it failed.
        Notice(tr("{app} could not open the photos: {error}", ["app": app, "error": error]), seconds: 15)
    }

    /// The photos were copied to the clipboard, to paste in a file manager.
    public static func filesCopied(_ count: Int) -> Notice {
        Notice(count == 1 ? tr("Photo copied") : trn("{count} photo copied", "{count} photos copied", count: count),
               seconds: 3)
    }

    /// The photos' paths were copied to the clipboard as text.
    public static func pathsCopied(_ count: Int) -> Notice {
        Notice(count == 1 ? tr("Path copied") : trn("{count} path copied", "{count} paths copied", count: count),
               seconds: 3)
    }

    /// Photos asked for (on the command line) that the folder does not hold.
    public static func notFound(_ paths: [String]) -> Notice {
        // Translators: a file's name, in a list of them.
        let names = paths.map { tr("“{name}”", ["name": ($0 as NSString).lastPathComponent.displayablePath]) }
            .joined(separator: ", ")
        // Translators: a notice; {names} lists the photos asked for, each in quotes.
        return Notice(tr("Not in the folder’s photos: {names}", ["names": names]), seconds: 15)
    }

    /// Only the first `limit` of `count` selected photos were opened.
    static func openedFirst(_ limit: Int, of count: Int) -> Notice {
        Notice(trn("Opened the first {limit} of the {count} selected photo",
                   "Opened the first {limit} of the {count} selected photos", count: count, ["limit": limit]))
    }

    /// Show in Files failed: `error` says why.
    public static func noFileManager(error: String) -> Notice {
        // Translators: a notice; {error} says why.
        Notice(tr("No file manager could show the photos: {error}", ["error": error]), seconds: 15)
    }

    /// "Move Rejected to Trash…" in a folder with no rejected photo.
    static var noneRejected: Notice {
        // Translators: X is the key that rejects a photo.
        Notice(tr("No photo in this folder is rejected (X rejects a photo)"))
    }

    /// A rating or a turn that could not be written into its file.
    public static func ratingFailed(_ failure: RatingWriteFailure) -> Notice {
        Notice(failure.message, seconds: 15)
    }

    /// What could not be opened of the folders and photos dropped on a window.
    public static func cannotOpen(_ problems: [String]) -> Notice {
        Notice(problems.joined(separator: " "), seconds: 15)
    }

    /// Why the library (the index of ratings) could not be opened: told
    /// once, in the first window, for longer than the rest.
    public static func libraryProblem(_ problem: String) -> Notice {
        Notice(problem, seconds: 30)
    }
}
