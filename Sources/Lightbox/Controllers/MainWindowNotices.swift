import FilePaths
import Foundation
import Localization

/// The texts of a main window's notices that its controller shows.
enum MainWindowNotices {
    /// Open With… failed: `error` says why.
    static func openFailed(app: String, error: String) -> String {
        // Translators: a notice; {app} is an application's name, {error} why it failed.
        tr("{app} could not open the photos: {error}", ["app": app, "error": error])
    }

    /// The photos were copied to the clipboard, to paste in a file manager.
    static func filesCopied(_ count: Int) -> String {
        count == 1 ? tr("Photo copied") : trn("{count} photo copied", "{count} photos copied", count: count)
    }

    /// The photos' paths were copied to the clipboard as text.
    static func pathsCopied(_ count: Int) -> String {
        count == 1 ? tr("Path copied") : trn("{count} path copied", "{count} paths copied", count: count)
    }

    /// Photos asked for (on the command line) that the folder does not hold.
    static func notFound(_ paths: [String]) -> String {
        // Translators: a file's name, in a list of them.
        let names = paths.map { tr("“{name}”", ["name": ($0 as NSString).lastPathComponent.displayablePath]) }
            .joined(separator: ", ")
        // Translators: a notice; {names} lists the photos asked for, each in quotes.
        return tr("Not in the folder’s photos: {names}", ["names": names])
    }

    /// Only the first `limit` of `count` selected photos were opened.
    static func openedFirst(_ limit: Int, of count: Int) -> String {
        trn("Opened the first {limit} of the {count} selected photo",
            "Opened the first {limit} of the {count} selected photos", count: count, ["limit": limit])
    }

    /// Show in Files failed: `error` says why.
    static func noFileManager(error: String) -> String {
        // Translators: a notice; {error} says why.
        tr("No file manager could show the photos: {error}", ["error": error])
    }
}
