import LightboxCore
import Localization

/// The notices of the operations on many files (moving to the trash and
/// putting back, copying and moving to a folder): their progress, what
/// they did, and which files they could not handle. Each is a whole
/// sentence, chosen by what happened.
enum FileNotices {
    /// What could not be done to a file.
    enum Action {
        case copy, move, trash, putBack

        init(_ mode: PhotoTransferMode) { self = mode == .copy ? .copy : .move }
    }

    // MARK: Progress

    static func transferring(_ done: Int, of total: Int, mode: PhotoTransferMode) -> String {
        switch mode {
        case .copy:
            // Translators: progress of Copy to…; {done} photos of {count} are copied.
            trn("Copying {done} of {count} photo…", "Copying {done} of {count} photos…", count: total, ["done": done])
        case .move:
            // Translators: progress of Move to…; {done} photos of {count} are moved.
            trn("Moving {done} of {count} photo…", "Moving {done} of {count} photos…", count: total, ["done": done])
        }
    }

    static func trashing(_ done: Int, of total: Int) -> String {
        // Translators: progress; {done} photos of {count} are in the trash.
        trn("Moving {done} of {count} photo to the trash…", "Moving {done} of {count} photos to the trash…",
            count: total, ["done": done])
    }

    // MARK: What was done

    /// `count` photos moved to the trash; `name` is the title of the one
    /// photo when there is only one.
    static func trashed(_ count: Int, name: String?, cancelled: Bool) -> String {
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

    /// "3 photos copied to “Album”" (`folder` is the folder's name), with
    /// how many were skipped (by the person's answer to a name clash) and
    /// whether it was cancelled.
    static func transferred(_ count: Int, to folder: String, mode: PhotoTransferMode,
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

    /// "“a.jpg” could not be moved to the trash: <reason>", or several
    /// files by name (five at most, then how many more).
    static func failed(_ failures: [FileFailure], _ action: Action) -> String {
        if failures.count == 1, let failure = failures.first {
            return failed(name: failure.fileName, reason: failure.reason, action)
        }
        // Translators: one file in a list of files that could not be handled; {reason} says why.
        let names = failures.prefix(5).map { tr("“{name}” ({reason})", ["name": $0.fileName, "reason": $0.reason]) }
            .joined(separator: ", ")
        return failures.count > 5 ? failed(failures.count, names: names, more: failures.count - 5, action)
            : failed(failures.count, names: names, action)
    }

    private static func failed(name: String, reason: String, _ action: Action) -> String {
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

    private static func failed(_ count: Int, names: String, _ action: Action) -> String {
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

    private static func failed(_ count: Int, names: String, more: Int, _ action: Action) -> String {
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
