import Foundation
import GtkKit
import LightboxCore

/// Photo windows: opening (or presenting the one already open), trashing
/// with an Undo in the main window.
extension AppFlow {
    func openPhoto(path: String, from owner: MainWindowController) {
        if let open = photoWindows.first(where: { $0.path == path }) {
            open.present()
            return
        }
        guard let photo = owner.logic.photo(at: path) else { return }
        let view = PhotoWindowView(application: application)
        let controller = PhotoWindowController(view: view, photo: photo, owner: owner) { [weak self] action in
            self?.handle(action)
        }
        photoWindows.append(controller)
        controller.present()
    }

    func photoWindowClosed(_ controller: PhotoWindowController) {
        photoWindows.removeAll { $0 === controller }
    }

    /// Moves the photo to the trash off the main thread; the main window
    /// offers Undo, which puts it back.
    func trashPhoto(path: String, from controller: PhotoWindowController) {
        let owner = controller.owner
        let title = owner?.logic.photo(at: path)?.title ?? (path as NSString).lastPathComponent
        Task { [weak self] in
            let result = await Task.detached { () -> Result<Void, GtkError> in
                do throws(GtkError) { try Trash.trash(path: path) } catch { return .failure(error) }
                return .success(())
            }.value
            guard let self else { return }
            switch result {
            case .success:
                owner?.logic.fileRemoved(path: path)
                for window in self.photoWindows where window.path == path { window.photoRemoved() }
                owner?.view.toast.show("“\(title)” moved to trash", actionLabel: "_Undo") { [weak owner] in
                    Task { await AppFlow.restore(path: path, into: owner) }
                }
            case .failure(let error):
                owner?.view.toast.show("“\(title)” could not be moved to the trash: \(error.message)")
            }
        }
    }

    private static func restore(path: String, into owner: MainWindowController?) async {
        let result = await Task.detached { () -> Result<Void, GtkError> in
            do throws(GtkError) { try Trash.restore(path: path) } catch { return .failure(error) }
            return .success(())
        }.value
        switch result {
        case .success: await owner?.logic.fileChanged(path: path)
        case .failure(let error): owner?.view.toast.show("The photo could not be put back: \(error.message)")
        }
    }
}
