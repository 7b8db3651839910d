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
        guard let logic = viewer(of: path, in: owner) else { return }
        let controller = PhotoWindowController(view: PhotoWindowView(application: application), logic: logic) {
            [weak self] action in self?.handle(action)
        }
        controller.send(.followAdvancesAfterRating(services.advancesAfterRating))
        controller.send(.followShowsClipping(settings.showsClipping))
        controller.send(.followShowsPeaking(settings.showsPeaking))
        controller.send(.followShowsFocusPoints(settings.showsFocusPoints))
        controller.send(.followShowsHistogram(settings.showsHistogram))
        photoWindows.append(PhotoWindow(controller: controller, owner: owner))
        controller.present()
        if properties { controller.showProperties() }
    }

    func compare(_ paths: [String], from owner: MainWindowController) {
        let viewers = paths.compactMap { viewer(of: $0, in: owner) }
        guard PhotoListLogic.comparable.contains(viewers.count) else { return }
        if let open = compareWindows.first(where: { Set($0.controller.paths) == Set(paths) }) {
            open.controller.present()
            return
        }
        let controller = CompareWindowController(view: CompareWindowView(application: application, count: viewers.count),
                                                 logic: CompareLogic(viewers: viewers)) { [weak self] action in
            self?.handle(action)
        }
        controller.send(.followShowsFocusPoints(settings.showsFocusPoints))
        compareWindows.append(CompareWindow(controller: controller, owner: owner))
        controller.present()
    }

    /// A viewer of the photo at `path` that steps through `owner`'s list
    /// in its order; nil when the list does not hold it. Photos are decoded
    /// to fit the largest monitor (a full-screen window), then in full
    /// when zoomed in past it.
    private func viewer(of path: String, in owner: MainWindowController) -> PhotoViewerLogic? {
        let side = Gtk.largestMonitorSide
        return owner.photos.photo(at: path).map {
            PhotoViewerLogic(photo: $0, sequence: owner.photos, displaySide: side > 0 ? side : 2560)
        }
    }
}
