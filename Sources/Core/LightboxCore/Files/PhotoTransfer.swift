import Foundation
import FilePaths
import Localization

/// A photo sent to a folder that already has a file of its name.
public struct NameClash: Equatable, Sendable {
    public let source: String
    /// The file already there.
    let existing: String
    /// Whether other photos are still to go after this one (an answer can
    /// then be for all of them).
    public let othersFollow: Bool
}

/// The person's answer to a clash; `forAll`: the same for the ones after.
public struct ClashDecision: Equatable, Sendable {
    public let answer: NameClashAnswer
    public let forAll: Bool

    package init(_ answer: NameClashAnswer, forAll: Bool = false) {
        self.answer = answer
        self.forAll = forAll
    }
}

/// What a copy or a move came to.
public struct TransferReport: Equatable, Sendable {
    public struct File: Equatable, Sendable {
        public let from: String
        public let to: String
    }

    public var done: [File] = []
    /// Photos left where they were, as the person answered.
    var skipped: [String] = []
    package var failures: [FileFailure] = []
    /// Stopped before every photo was tried; those not tried are untouched.
    public var cancelled = false
    /// How many photos arrived whole, when that is not one a file (a
    /// RAW+JPEG pair is two files): what the notice counts.
    var photosDone: Int?

    /// The photos that arrived: `photosDone`, else one a file.
    var photoCount: Int { photosDone ?? done.count }
}

/// Copies or moves photos, with their XMP sidecars, into a folder. Nothing
/// is overwritten unless the person answers "replace" to that clash; a copy
/// is never seen half written under its name (see `FileCopy`); a move is a
/// rename on one file system, and across file systems a whole copy first,
/// then the original's removal, so a photo is always whole in one place at
/// least, whenever the work stops. Runs on the calling task's thread (call
/// it off the main thread); cancelling the task stops it between photos,
/// or during a big photo's copy (its temporary goes).
struct PhotoTransfer: Sendable {
    init() {}

    /// - Parameters:
    ///   - resolve: asked on each clash, unless an answer "for all" came
    ///     before; nil stops the transfer there.
    ///   - progress: photos done (tried) and the total, after each photo.
    func run(_ paths: [String], to folder: String, mode: PhotoTransferMode,
                    resolve: @Sendable (NameClash) async -> ClashDecision?,
                    progress: @Sendable (Int, Int) -> Void = { _, _ in }) async -> TransferReport {
        var report = TransferReport()
        var standing: NameClashAnswer?
        for (index, source) in paths.enumerated() {
            if Task.isCancelled {
                report.cancelled = true
                break
            }
            var destination = folder + "/" + Photo.name(of: source)
            var replacing = false
            if destination == source {
                guard mode == .copy else {
                    // Translators: why a photo could not be moved: after "“a.jpg” could not be moved: ".
                    report.failures.append(FileFailure(path: source, reason: tr("It is already in that folder")))
                    continue
                }
                // A copy into its own folder: a duplicate beside it.
                destination = Self.freeName(for: destination)
            } else if Self.exists(destination) {
                let answer: NameClashAnswer
                if let standing {
                    answer = standing
                } else {
                    let clash = NameClash(source: source, existing: destination, othersFollow: index + 1 < paths.count)
                    guard let decision = await resolve(clash) else {
                        report.cancelled = true
                        break
                    }
                    answer = decision.answer
                    if decision.forAll { standing = answer }
                }
                switch answer {
                case .skip:
                    report.skipped.append(source)
                    progress(index + 1, paths.count)
                    continue
                case .keepBoth:
                    destination = Self.freeName(for: destination)
                case .replace:
                    guard !Self.isFolder(destination) else {
                        // Translators: why a photo could not replace the file of its name in the destination folder.
                        let reason = tr("A folder has that name there")
                        report.failures.append(FileFailure(path: source, reason: reason))
                        continue
                    }
                    replacing = true
                }
            }
            do throws(FileOperationError) {
                try send(source, to: destination, mode: mode, replacing: replacing)
                report.done.append(.init(from: source, to: destination))
                if let problem = sendSidecar(of: source, along: destination, mode: mode, replacing: replacing) {
                    report.failures.append(FileFailure(path: source, reason: problem))
                }
            } catch {
                if error.code == ECANCELED {
                    report.cancelled = true
                    break
                }
                report.failures.append(FileFailure(path: source, reason: error.reason))
            }
            progress(index + 1, paths.count)
        }
        return report
    }

    /// Puts `source` at `destination`: a copy, or a move (a rename, or a
    /// copy then the original's removal across file systems).
    private func send(_ source: String, to destination: String, mode: PhotoTransferMode,
                      replacing: Bool) throws(FileOperationError) {
        switch mode {
        case .copy:
            try FileCopy.copy(source, to: destination, replacing: replacing)
        case .move:
            do throws(FileOperationError) {
                try FileCopy.place(source, at: destination, replacing: replacing)
                FileCopy.syncFolder((destination as NSString).deletingLastPathComponent)
            } catch where error.code == EXDEV {
                try FileCopy.copy(source, to: destination, replacing: replacing)
                // The copy is whole and on disk: only now does the original go.
                guard Posix.unlink(source) == 0 else { throw .errno() }
            }
        }
    }

    /// The photo's XMP sidecar, if it has one, goes with it under the
    /// photo's new name. A sidecar named after the stem alone (IMG_0001.xmp)
    /// may be shared with a raw file beside the photo: it is copied, even
    /// in a move. Answers what went wrong, if anything.
    private func sendSidecar(of source: String, along destination: String, mode: PhotoTransferMode,
                             replacing: Bool) -> String? {
        guard let sidecar = SidecarNaming.existing(for: source)?.path else { return nil }
        let appended = sidecar.lowercased() == source.lowercased() + ".xmp"
        let naming: SidecarNaming = appended ? .appended : .replacingExtension
        let target = String(naming.path(for: destination).dropLast(4)) + String(sidecar.suffix(4))
        do throws(FileOperationError) {
            if mode == .move, appended {
                try send(sidecar, to: target, mode: .move, replacing: replacing)
            } else {
                try FileCopy.copy(sidecar, to: target, replacing: replacing)
            }
            return nil
        } catch {
            // Translators: after "“a.jpg” could not be copied: "; {reason} is why, from the system ("No space left on device").
            return tr("its XMP sidecar could not go with it: {reason}", ["reason": error.reason])
        }
    }

    /// "IMG_0001 (2).jpg", or the next number not taken.
    static func freeName(for path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        let name = Photo.name(of: path)
        let stem = Photo.stem(of: path)
        let suffix = name.dropFirst(stem.count)
        var number = 2
        while true {
            let candidate = "\(folder)/\(stem) (\(number))\(suffix)"
            if !exists(candidate) { return candidate }
            number += 1
        }
    }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return Posix.lstat(path, &info) == 0
    }

    static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return Posix.stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}
