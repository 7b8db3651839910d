import GtkKit
import LightboxCore

/// Binds one photo window to its viewer logic: stepping in the order of the
/// main window it came from, ratings; trashing the photo and making it the
/// profile photo are asked of the flow.
@MainActor
final class PhotoWindowController {
    private let view: PhotoWindowView
    private let logic: PhotoViewerLogic
    private let send: (AppAction) -> Void
    /// The decode under way (a step replaces it).
    private var work: Task<Void, Never>?
    private var slideshowTask: Task<Void, Never>?

    init(view: PhotoWindowView, logic: PhotoViewerLogic, advancesAfterRating: Bool = false,
         send: @escaping (AppAction) -> Void) {
        self.view = view
        self.logic = logic
        self.send = send
        logic.onChange = { [weak self] state in self?.render(state) }
        logic.setAdvancesAfterRating(advancesAfterRating)
        view.onIntent = { [weak self] intent in self?.handle(intent) }
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
            guard logic.slideshow == nil else { return }
            slideshowTask = Task.immediate { [logic] in await logic.playSlideshow(every: logic.slideshowInterval) }
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
        case .trash: send(.trashPhoto(path: path, from: self))
        case .setProfilePhoto: send(.setProfilePhoto(path: path))
        case .wantsFullResolution: Task { await logic.loadFullResolution() }
        case .viewport(let width, let height):
            // Not through `run`: a resize must not cancel a step under way.
            Task.immediate { [logic] in _ = await logic.setViewport(width: width, height: height) }
        case .closed:
            work?.cancel()
            slideshowTask?.cancel()
            send(.photoWindowClosed(self))
        }
    }

    /// Starts `action` on the logic, superseding the one under way. It
    /// runs at once, up to its first wait: a rating, or a step to a photo
    /// decoded ahead, shows in this turn of the main loop, not the next.
    private func run(_ action: @escaping @MainActor (PhotoViewerLogic) async -> PhotoViewerLogic.State) {
        work?.cancel()
        work = Task.immediate { [logic] in _ = await action(logic) }
    }

    /// Everything the logic published, rendered in one place.
    /// (`.gone` closes the window: it leaves full screen and lets the
    /// screen sleep first.)
    private func render(_ state: PhotoViewerLogic.State) {
        view.renderSlideshow(state == .gone ? nil : logic.slideshow)
        view.renderAdvancesAfterRating(logic.advancesAfterRating)
        view.render(state, hasPrevious: logic.hasPrevious, hasNext: logic.hasNext, place: logic.place)
    }

    // MARK: Asked by the flow

    /// The photo shown now.
    var path: String { logic.photo.path }

    func present() { view.window.present() }

    /// Another photo window turned "Go to Next Photo After Rating" on or off.
    func setAdvancesAfterRating(_ on: Bool) { logic.setAdvancesAfterRating(on) }

    /// The photo left the folder: the next one shows, or the window closes.
    func photoRemoved() { run { await $0.photoRemoved() } }

    /// Files changed on disk: the photo shown may have a new rating.
    func photosChanged() { logic.photoChanged() }
}
