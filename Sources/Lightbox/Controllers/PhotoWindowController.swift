import GtkKit
import LightboxCore

/// Binds one photo window to its viewer logic: previous/next in the order
/// of the main window it came from, ratings, and asking the flow to trash
/// the photo or make it the profile photo.
@MainActor
final class PhotoWindowController {
    let view: PhotoWindowView
    private let logic: PhotoViewerLogic
    private let send: (AppFlow.Action) -> Void
    private var loadTask: Task<Void, Never>?
    /// The texture of the photo presented; nil while it is being made.
    private var texture: Texture?
    /// The main window whose list this window steps through.
    private(set) weak var owner: MainWindowController?

    init(view: PhotoWindowView, photo: Photo, owner: MainWindowController,
         send: @escaping (AppFlow.Action) -> Void) {
        self.view = view
        self.owner = owner
        self.send = send
        logic = PhotoViewerLogic(photo: photo, browsing: owner.logic)
        view.onPrevious = { [weak self] in self?.step(-1) }
        view.onNext = { [weak self] in self?.step(1) }
        view.onRate = { [weak self] stars in self?.rate(stars) }
        view.onTrash = { [weak self] in
            guard let self else { return }
            self.send(.trashPhoto(path: self.path, from: self))
        }
        view.onSetProfilePhoto = { [weak self] in
            guard let self else { return }
            self.send(.setProfilePhoto(path: self.path))
        }
        view.onClosed = { [weak self] in
            guard let self else { return }
            self.loadTask?.cancel()
            self.send(.photoWindowClosing(self))
        }
        load()
    }

    /// The photo shown now.
    var path: String { logic.photo.path }

    func present() { view.window.present() }

    private func load() {
        loadTask?.cancel()
        texture = nil
        loadTask = Task { [weak self] in
            guard let self else { return }
            let state = await self.logic.load { [weak self] state in self?.render(state) }
            // A newer load (the next photo) has taken over.
            guard !Task.isCancelled else { return }
            // The texture shows the decoded pixels themselves: no copy.
            if case .presenting(_, let pixels) = state { self.texture = Texture(pixels) }
            self.render(state)
        }
    }

    /// Shows `state`; a decoded photo shows as loading until its texture
    /// is set.
    private func render(_ state: PhotoViewerLogic.State) {
        var shown = state
        if case .presenting(let photo, _) = state, texture == nil { shown = .loading(photo) }
        view.render(shown, texture: texture, hasPrevious: logic.hasPrevious, hasNext: logic.hasNext)
    }

    private func step(_ offset: Int) {
        guard logic.step(offset) != nil else { return }
        load()
    }

    private func rate(_ stars: Int) {
        logic.rate(stars)
        render(logic.state.withPhoto(logic.photo))
    }

    /// The photo left the folder (trashed here or elsewhere): show the next
    /// one, the previous one, or close.
    func photoRemoved() {
        if logic.step(1) != nil || logic.step(-1) != nil {
            load()
        } else {
            view.window.close()
        }
    }
}

extension PhotoViewerLogic.State {
    /// The same state showing an updated photo (a new rating).
    func withPhoto(_ photo: Photo) -> Self {
        switch self {
        case .loading: .loading(photo)
        case .presenting(_, let pixels): .presenting(photo, pixels)
        case .failed(_, let reason): .failed(photo, reason)
        case .gone: .gone
        }
    }
}
