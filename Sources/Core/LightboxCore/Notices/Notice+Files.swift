import FilePaths
import Foundation
import Localization

/// The notices of the jobs on many files (moving to the trash and putting
/// back, copying and moving to a folder): their progress, what they did,
/// and which files they could not handle. Each text is a whole sentence,
/// chosen by what happened; what went wrong stays longer than what went well.
extension Notice {
    // MARK: Progress

    /// A copy or a move under way; the button stops it.
    static func transferring(_ done: Int, of total: Int, mode: PhotoTransferMode) -> Notice {
        let text = switch mode {
        case .copy:
            // Translators: progress of Copy to…; {done} photos of {count} are copied.
            trn("Copying {done} of {count} photo…", "Copying {done} of {count} photos…", count: total, ["done": done])
        case .move:
            // Translators: progress of Move to…; {done} photos of {count} are moved.
            trn("Moving {done} of {count} photo…", "Moving {done} of {count} photos…", count: total, ["done": done])
        }
        return Notice(text, button: .cancel, seconds: 60)
    }

    /// A trash under way; the button stops it.
    static func trashing(_ done: Int, of total: Int) -> Notice {
        // Translators: progress; {done} photos of {count} are in the trash.
        Notice(trn("Moving {done} of {count} photo to the trash…", "Moving {done} of {count} photos to the trash…",
                   count: total, ["done": done]), button: .cancel, seconds: 60)
    }

    // MARK: What was done

    /// What a trash came to, with Undo when anything went: "“a” moved to
    /// trash" (`name`, the one photo's title), then what could not go.
    static func trashed(_ result: BatchTrashResult, name: String?) -> Notice {
        var text = trashedText(result.trashed.count, name: name, cancelled: result.cancelled)
        if !result.failures.isEmpty {
            // Two sentences: what was done, then what could not be.
            text = (result.trashed.isEmpty ? "" : text + ". ") + failedText(result.failures, .trash)
        }
        return Notice(text, button: result.trashed.isEmpty ? nil : .undo, seconds: result.failures.isEmpty ? 8 : 20)
    }

    /// The photos an Undo could not put back.
    static func putBackFailed(_ failures: [FileFailure]) -> Notice {
        Notice(failedText(failures, .putBack), seconds: 20)
    }

    /// "3 photos copied to “Album”" (the folder's name), with what was
    /// skipped and what failed.
    static func transferred(_ report: TransferReport, to folder: String, mode: PhotoTransferMode) -> Notice {
        let name = (folder as NSString).lastPathComponent.displayablePath
        let text = transferredText(report.photoCount, to: name, mode: mode, skipped: report.skipped.count,
                                   cancelled: report.cancelled)
        // Two sentences: what was done, then what could not be.
        return Notice(report.failures.isEmpty ? text : text + ". " + failedText(report.failures, FileAction(mode)),
                      seconds: report.failures.isEmpty ? 8 : 20)
    }

    private static func trashedText(_ count: Int, name: String?, cancelled: Bool) -> String {
        if count == 1, let name {
            // Translators: {name} is the photo's title.
            return cancelled ? tr("“{name}” moved to trash; the others were left where they were", ["name": name])
                // Translators: {name} is the photo's title.
                : tr("“{name}” moved to trash", ["name": name])
        }
        return cancelled
            ? trn("{count} photo moved to trash; the others were left where they were",
                  "{count} photos moved to trash; the others were left where they were", count: count)
            : trn("{count} photo moved to trash", "{count} photos moved to trash", count: count)
    }

    private static func transferredText(_ count: Int, to folder: String, mode: PhotoTransferMode,
                                        skipped: Int, cancelled: Bool) -> String {
        let values: KeyValuePairs<String, Any> = ["folder": folder, "skipped": skipped]
        switch (mode, skipped > 0, cancelled) {
        case (.copy, false, false):
            // Translators: {folder} is a folder's name.
            return trn("{count} photo copied to “{folder}”", "{count} photos copied to “{folder}”", count: count, values)
        case (.copy, true, false):
            // Translators: {folder} is a folder's name; {skipped} photos were left out, as the person
            // answered when a file of the same name was there.
            return trn("{count} photo copied to “{folder}”; {skipped} skipped",
                       "{count} photos copied to “{folder}”; {skipped} skipped", count: count, values)
        case (.copy, false, true):
            return trn("{count} photo copied to “{folder}”; the others were left where they were",
                       "{count} photos copied to “{folder}”; the others were left where they were", count: count, values)
        case (.copy, true, true):
            return trn("{count} photo copied to “{folder}”; {skipped} skipped; the others were left where they were",
                       "{count} photos copied to “{folder}”; {skipped} skipped; the others were left where they were",
                       count: count, values)
        case (.move, false, false):
            // Translators: {folder} is a folder's name.
            return trn("{count} photo moved to “{folder}”", "{count} photos moved to “{folder}”", count: count, values)
        case (.move, true, false):
            // Translators: {folder} is a folder's name; {skipped} photos were left out, as the person
            // answered when a file of the same name was there.
            return trn("{count} photo moved to “{folder}”; {skipped} skipped",
                       "{count} photos moved to “{folder}”; {skipped} skipped", count: count, values)
        case (.move, false, true):
            return trn("{count} photo moved to “{folder}”; the others were left where they were",
                       "{count} photos moved to “{folder}”; the others were left where they were", count: count, values)
        case (.move, true, true):
            return trn("{count} photo moved to “{folder}”; {skipped} skipped; the others were left where they were",
                       "{count} photos moved to “{folder}”; {skipped} skipped; the others were left where they were",
                       count: count, values)
        }
    }

    // MARK: What could not be done

    /// What could not be done to a file.
    private enum FileAction {
        case copy, move, trash, putBack

        init(_ mode: PhotoTransferMode) { self = mode == .copy ? .copy : .move }
    }

    /// "“a.jpg” could not be moved to the trash: <reason>", or several
    /// files by name (five at most, then how many more).
    private static func failedText(_ failures: [FileFailure], _ action: FileAction) -> String {
        if failures.count == 1, let failure = failures.first {
            return failedText(name: failure.fileName, reason: failure.reason, action)
        }
        // Translators: one file in a list of files that could not be handled; {reason} says why.
        let names = failures.prefix(5).map { tr("“{name}” ({reason})", ["name": $0.fileName, "reason": $0.reason]) }
            .joined(separator: ", ")
        return failures.count > 5 ? failedText(failures.count, names: names, more: failures.count - 5, action)
            : failedText(failures.count, names: names, action)
    }

    private static func failedText(name: String, reason: String, _ action: FileAction) -> String {
        let values: KeyValuePairs<String, Any> = ["name": name, "reason": reason]
        switch action {
        // Translators: {name} is a file's name, {reason} says why.
        case .copy: return tr("“{name}” could not be copied: {reason}", values)
        // Translators: {name} is a file's name, {reason} says why.
        case .move: return tr("“{name}” could not be moved: {reason}", values)
        // Translators: {name} is a file's name, {reason} says why.
        case .trash: return tr("“{name}” could not be moved to the trash: {reason}", values)
        // Translators: {name} is a file's name, {reason} says why (putting it back from the trash).
        case .putBack: return tr("“{name}” could not be put back: {reason}", values)
        }
    }

    private static func failedText(_ count: Int, names: String, _ action: FileAction) -> String {
        switch action {
        // Translators: {names} lists the files, each with why it failed.
        case .copy: return trn("{count} photo could not be copied: {names}", "{count} photos could not be copied: {names}",
                               count: count, ["names": names])
        case .move: return trn("{count} photo could not be moved: {names}", "{count} photos could not be moved: {names}",
                               count: count, ["names": names])
        case .trash: return trn("{count} photo could not be moved to the trash: {names}",
                                "{count} photos could not be moved to the trash: {names}", count: count, ["names": names])
        case .putBack: return trn("{count} photo could not be put back: {names}", "{count} photos could not be put back: {names}",
                                  count: count, ["names": names])
        }
    }

    private static func failedText(_ count: Int, names: String, more: Int, _ action: FileAction) -> String {
        let values: KeyValuePairs<String, Any> = ["names": names, "more": more]
        switch action {
        // Translators: {names} lists the first five files, each with why it failed; {more} is how many others failed.
        case .copy: return trn("{count} photo could not be copied: {names} and {more} more",
                               "{count} photos could not be copied: {names} and {more} more", count: count, values)
        case .move: return trn("{count} photo could not be moved: {names} and {more} more",
                               "{count} photos could not be moved: {names} and {more} more", count: count, values)
        case .trash: return trn("{count} photo could not be moved to the trash: {names} and {more} more",
                                "{count} photos could not be moved to the trash: {names} and {more} more", count: count, values)
        case .putBack: return trn("{count} photo could not be put back: {names} and {more} more",
                                  "{count} photos could not be put back: {names} and {more} more", count: count, values)
        }
    }
}
