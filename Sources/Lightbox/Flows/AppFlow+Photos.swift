import GtkKit
import LightboxCore

/// Photo windows: one per photo (opening it again presents it), each
/// stepping through the list of the main window it came from.
extension AppFlow {
    func openPhoto(path: String, from owner: MainWindowController) {
        if let open = photoWindows.first(where: { $0.controller.path == path }) {
            open.controller.present()
            return
        }
        guard let logic = owner.viewer(for: path) else { return }
        let controller = PhotoWindowController(view: PhotoWindowView(application: application), logic: logic,
                                               advancesAfterRating: services.advancesAfterRating) {
            [weak self] action in self?.handle(action)
        }
        photoWindows.append(PhotoWindow(controller: controller, owner: owner))
        controller.present()
    }
}
