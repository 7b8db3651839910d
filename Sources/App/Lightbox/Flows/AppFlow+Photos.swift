import GtkKit
import LightboxCore

/// Photo windows: one per photo (opening it again presents it), each
/// stepping through the list of the main window it came from; compare
/// windows, two photos of a main window side by side.
extension AppFlow {
    func openPhoto(path: String, from owner: MainWindowController, properties: Bool = false) {
        if let open = photoWindows.first(where: { $0.controller.path == path }) {
            open.controller.present()
            if properties { open.controller.showProperties() }
            return
        }
        guard let logic = owner.viewer(for: path) else { return }
        let controller = PhotoWindowController(view: PhotoWindowView(application: application), logic: logic,
                                               advancesAfterRating: services.advancesAfterRating) {
            [weak self] action in self?.handle(action)
        }
        photoWindows.append(PhotoWindow(controller: controller, owner: owner))
        controller.present()
        if properties { controller.showProperties() }
    }

    func compare(_ paths: [String], from owner: MainWindowController) {
        let logics = paths.compactMap(owner.viewer(for:))
        guard logics.count == 2 else { return }
        if let open = compareWindows.first(where: { Set($0.paths) == Set(paths) }) {
            open.present()
            return
        }
        let controller = CompareWindowController(view: CompareWindowView(application: application), left: logics[0],
                                                 right: logics[1]) { [weak self] action in self?.handle(action) }
        compareWindows.append(controller)
        controller.present()
    }
}
