import Foundation

/// Copy to… and Move to…: the selected photos sent to a folder.
extension PhotoListLogic {
    /// Copies or moves `paths` into `folder` off the main thread (see
    /// `PhotoTransfer`). Moved photos keep their ratings (the index's
    /// follows them; those in files and sidecars travel with them) and
    /// leave the list unless they stay inside its folder; copies made into
    /// the folder join it. Cancelling the calling task stops the transfer.
    public func transfer(_ paths: [String], to folder: String, mode: PhotoTransferMode,
                         resolve: @escaping @Sendable (NameClash) async -> ClashDecision?,
                         progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }) async -> TransferReport {
        let destination = URL(fileURLWithPath: folder).standardizedFileURL.path
        let work = Task.detached {
            await PhotoTransfer().run(paths, to: destination, mode: mode, resolve: resolve, progress: progress)
        }
        let report = await withTaskCancellationHandler { await work.value } onCancel: { work.cancel() }
        for file in report.done {
            switch mode {
            case .move where isInFolder(file.to):
                await fileMoved(from: file.from, to: file.to)
            case .move:
                await library.ratings.move(from: file.from, to: file.to)
                fileRemoved(path: file.from)
            case .copy where isInFolder(file.to):
                await fileChanged(path: file.to)
            case .copy:
                break
            }
        }
        return report
    }

    private func isInFolder(_ path: String) -> Bool {
        guard let folder else { return false }
        return path.hasPrefix(folder.url.path + "/")
    }
}
