import GtkKit
import LightboxCore

/// Binds one photo window to its viewer logic. What goes beyond the
/// window goes to the flow: a change to the photo (for the list it belongs
/// to), trashing it, making it the profile photo.
@MainActor
final class PhotoWindowController {
    /// Read by the flow's tests only (what the window shows).
    let view: PhotoWindowView
    private let logic: PhotoViewerLogic

    init(view: PhotoWindowView, logic: PhotoViewerLogic, send: @escaping (AppAction) -> Void) {
        self.view = view
        self.logic = logic
        // The state is all the window shows. (`.gone` closes the window:
        // it leaves full screen and lets the screen sleep first.)
        logic.bind(view) { [weak self] output in
            guard let self else { return }
            switch output {
            case .edit(let edit): send(.editPhoto(edit, from: .photo(self)))
            case .trash(let path): send(.trashPhoto(path: path, from: self))
            case .setProfilePhoto(let path): send(.setProfilePhoto(path: path))
            case .advancesAfterRatingChanged(let on): send(.advancesAfterRatingChanged(on))
            case .showsClippingChanged(let on): send(.showsClippingChanged(on))
            case .showsPeakingChanged(let on): send(.showsPeakingChanged(on))
            case .showsFocusPointsChanged(let on): send(.showsFocusPointsChanged(on))
            case .showsHistogramChanged(let on): send(.showsHistogramChanged(on))
            case .closed(let path): send(.photoWindowClosed(self, lastShown: path))
            }
        }
        logic.send(.load)
    }

    /// The flow's intents for this window (a photo removed, a choice made
    /// in another window).
    func send(_ intent: PhotoViewerLogic.Intent) { logic.send(intent) }

    /// The photo shown now (nil once none is left).
    var path: String? { logic.state.picture.photo?.path }

    func present() { view.perform(.present) }

    /// The window with its properties shown (the grid's "Properties").
    func showProperties() { view.perform(.showProperties) }

    /// Closes the window as its close button does: a title or caption
    /// being typed is kept first.
    func close() { view.perform(.close) }
}
