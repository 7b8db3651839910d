import GtkKit
import LightboxCore

/// Binds one main window to its photo list logic (see `bind`): the view's
/// intents to the logic, its states to the view's `render`, its outputs
/// to the view (`.show`) or the flow. One thing more than the other
/// screens: the grid's thumbnails are textures (GTK), so they come from a
/// scheduler here, not from the logic.
@MainActor
final class MainWindowController {
    private let view: MainWindowView
    private let logic: PhotoListLogic
    private let thumbnails: ThumbnailScheduler

    /// - Parameter thumbnails: where the thumbnails of each zoom level come from.
    init(view: MainWindowView, logic: PhotoListLogic, thumbnails: @escaping @MainActor (GridZoom) -> ThumbnailProviding,
         send: @escaping (AppAction) -> Void) {
        self.view = view
        self.logic = logic
        let scheduler = ThumbnailScheduler(provider: thumbnails(logic.state.zoom))
        self.thumbnails = scheduler
        scheduler.onThumbnail = { [weak view] photo, thumbnail in view?.perform(.thumbnail(thumbnail, for: photo)) }
        logic.bind(view, intents: { [weak view] intent in
            switch intent {
            case .list(let intent):
                if case .gridZoom(let level) = intent { scheduler.use(thumbnails(level)) }
                return intent
            case .cellBound(let photo):
                if let known = scheduler.cached(photo) { view?.perform(.thumbnail(known, for: photo)) }
            case .thumbnailsWanted(let onScreen, let nearby):
                scheduler.want(onScreen: onScreen, nearby: nearby)
            }
            return nil
        }, outputs: { [weak self] output in
            guard let self else { return }
            switch output {
            case .show(let effect): view.show(effect)
            case .openPhoto(let path, let properties): send(.openPhoto(path: path, from: self, properties: properties))
            case .compare(let paths): send(.compare(paths: paths, from: self))
            case .setProfilePhoto(let path): send(.setProfilePhoto(path: path))
            case .open(let paths): send(.open(paths: paths, in: self))
            case .showInFiles(let paths): send(.showInFiles(paths, from: self))
            case .photoRemoved(let path): send(.photoRemoved(path: path))
            case .photosChanged: send(.photosChanged)
            case .closed(let size):
                self.thumbnails.cancelAll()
                send(.mainWindowClosed(self, size))
            }
        })
    }

    // MARK: Asked by the flow

    /// The flow's intents for this window (a folder to open, a photo
    /// window's edit, a notice).
    func send(_ intent: PhotoListLogic.Intent) { logic.send(intent) }

    /// The folder this window shows, if any.
    var folder: String? { logic.state.navigation.folder }

    /// What the photo windows opened from this window step through.
    var photos: any PhotoSequence { logic }

    func present() { view.perform(.present) }

    /// Closes the window, as its close button does.
    func close() { view.perform(.close) }

    /// The size kept from the last window.
    func restore(_ size: WindowState) { view.perform(.restoreSize(size)) }
}
