import GtkKit
import LightboxCore

/// Opening what a command line or a drop names (see `OpenRequest`).
extension AppFlow {
    /// Each folder opens in a main window; photos open in photo windows
    /// over a main window of their folder (one already showing it, if
    /// any), selected there. `target`, a window things were dropped on,
    /// takes the first folder; the others get new windows.
    func open(_ request: OpenRequest, into target: MainWindowController?) {
        var spare = target
        func window(for folder: String) -> MainWindowController {
            if let showing = mainWindows.first(where: { $0.folder == folder }) { return showing }
            let controller = spare ?? windowForNewFolder()
            spare = nil
            controller.send(.openFolderAt(folder))
            return controller
        }
        for folder in request.folders { window(for: folder).present() }
        for group in request.photos {
            let controller = window(for: group.folder)
            controller.present()
            controller.send(.showPhotos(group.photos))
        }
    }
}
