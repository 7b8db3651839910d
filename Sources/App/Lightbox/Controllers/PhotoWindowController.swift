import GtkKit
import LightboxCore

/// Binds one photo window to its viewer logic: stepping in the order of the
/// main window it came from, ratings, labels, titles, captions and
/// keywords, slideshows; trashing the photo and making it the profile
/// photo are asked of the flow.
@MainActor
final class PhotoWindowController {
    private let view: PhotoWindowView
    private let logic: PhotoViewerLogic
    private let send: (AppAction) -> Void
    /// Every task the window starts, cancelled when it closes.
    private let tasks = OwnedTasks()
    /// The action under way (a step replaces it).
    private var work: Task<Void, Never>?
    private var slideshowTask: Task<Void, Never>?

    init(view: PhotoWindowView, logic: PhotoViewerLogic, advancesAfterRating: Bool = false,
         send: @escaping (AppAction) -> Void) {
        self.view = view
        self.logic = logic
        self.send = send
        // The state is all the window shows. (`.gone` closes the window:
        // it leaves full screen and lets the screen sleep first.)
        logic.onChange = { [weak view] state in view?.render(state) }
        logic.setAdvancesAfterRating(advancesAfterRating)
        view.onIntent = { [weak self] intent in self?.handle(intent) }
        view.knownKeywords = { [weak logic] in logic?.knownKeywords ?? [] }
        run { await $0.load() }
    }

    private func handle(_ intent: PhotoWindowView.Intent) {
        switch intent {
        case .previous: run { await $0.step(-1) }
        case .next: run { await $0.step(1) }
        case .rate(let stars): run { await $0.decide(stars) }
        case .toggleRejected: run { await $0.decide(nil) }
        case .rotate(let clockwise): run { await $0.rotate(clockwise: clockwise) }
        case .startSlideshow:
            guard logic.state.slideshow == nil else { return }
            slideshowTask = tasks.start { [logic] in
                _ = await logic.playSlideshow(every: logic.state.slideshowInterval)
            }
        case .pauseSlideshow:
            logic.pauseSlideshow()
        case .stopSlideshow:
            logic.stopSlideshow()
            slideshowTask?.cancel()
        case .slideshowInterval(let seconds):
            logic.setSlideshowInterval(seconds)
        case .advanceAfterRating(let on):
            logic.setAdvancesAfterRating(on)
            send(.advancesAfterRatingChanged(on))
        // Tags change the photo shown at once (the list writes them into
        // its files later): not through `run`, which would cancel a step
        // under way.
        case .toggleLabel(let label): logic.toggleLabel(label)
        case .setTitle(let title): logic.setTitle(title)
        case .setCaption(let caption): logic.setCaption(caption)
        case .addKeyword(let text): logic.addKeyword(text)
        case .removeKeyword(let keyword): logic.removeKeyword(keyword)
        case .trash: send(.trashPhoto(path: path, from: self))
        case .setProfilePhoto: send(.setProfilePhoto(path: path))
        case .wantsFullResolution: tasks.start { [logic] in _ = await logic.loadFullResolution() }
        case .viewport(let width, let height):
            // Not through `run`: a resize must not cancel a step under way.
            tasks.start { [logic] in _ = await logic.setViewport(width: width, height: height) }
        case .closed:
            tasks.cancelAll()
            send(.photoWindowClosed(self))
        }
    }

    /// Starts `action` on the logic, superseding the one under way. It
    /// runs at once, up to its first wait: a rating, or a step to a photo
    /// decoded ahead, shows in this turn of the main loop, not the next.
    private func run(_ action: @escaping @MainActor (PhotoViewerLogic) async -> PhotoViewerLogic.State) {
        work?.cancel()
        work = tasks.start { [logic] in _ = await action(logic) }
    }

    // MARK: Asked by the flow

    /// The photo shown now.
    var path: String { logic.photo.path }

    func present() { view.window.present() }

    /// The window with its properties shown (the grid's "Properties").
    func showProperties() { view.showProperties() }

    /// Whether the properties show (for the flow's tests).
    var propertiesShown: Bool { view.properties.isShown }

    /// Closes the window as its close button does: a title or caption
    /// being typed is kept first.
    func close() { view.window.close() }

    /// Another photo window turned "Go to Next Photo After Rating" on or off.
    func setAdvancesAfterRating(_ on: Bool) { logic.setAdvancesAfterRating(on) }

    /// The photo left the folder: the next one shows, or the window closes.
    func photoRemoved() { run { await $0.photoRemoved() } }

    /// Files changed on disk: the photo shown may have a new rating.
    func photosChanged() { logic.photoChanged() }
}
