import GtkKit
import LightboxCore
import Localization

/// Two photos side by side, to choose between near-duplicates: zoomed and
/// panned together (a zoom or a pan of one is made on the other, matched
/// to its size), the rating keys acting on the one with the keyboard focus
/// (Tab moves between them). Zoom and focus are view state; ratings are
/// reported as intents.
@MainActor
final class CompareWindowView {
    enum Side: Int, Equatable, CaseIterable { case left = 0, right = 1 }

    /// The window speaks its logic's intents (CompareLogic.Intent), a
    /// side being the pane of its number.
    typealias Intent = CompareLogic.Intent

    let window: ApplicationWindow
    let panes = [ZoomView(), ZoomView()]
    private let captions = [Label(), Label()]
    // Translators: the title of the window showing two photos side by side.
    private let windowTitle = WindowTitle(title: tr("Compare"))
    /// While one pane's zoom or pan is being made on the other.
    private var matching = false
    /// "Show Focus Point" (F), as the state has it.
    private var showFocusPoints: Action!
    var onIntent: (Intent) -> Void = { _ in }

    init(application: Application) {
        window = ApplicationWindow(application: application)
        window.defaultSize = (1200, 700)
        let header = HeaderBar()
        header.setTitleWidget(windowTitle.root)
        header.packStart(Box(.horizontal, [
            Button(for: ActionNames.zoomOut, iconName: "zoom-out-symbolic", label: tr("Zoom Out")),
            Button(for: ActionNames.zoomFit, iconName: "zoom-fit-best-symbolic", label: tr("Best Fit")),
            Button(for: ActionNames.zoomActual, iconName: "zoom-original-symbolic", label: tr("Actual Size")),
            Button(for: ActionNames.zoomIn, iconName: "zoom-in-symbolic", label: tr("Zoom In")),
        ]))
        window.setTitlebar(header)
        var columns: [Widget] = []
        for side in Side.allCases {
            let pane = panes[side.rawValue]
            pane.fallbackSize = (600, 600)
            pane.onIntent = { [weak self] intent in
                switch intent {
                case .zoomed(let scale, _): self?.zoomed(side, scale)
                case .panned: self?.panned(side)
                }
            }
            captions[side.rawValue].addCssClass("caption")
            columns.append(Box(.vertical, spacing: 6, [pane.root, captions[side.rawValue]]))
        }
        window.setChild(Box(.horizontal, spacing: 6, columns))
        panes[0].picture.onMap { [weak self] in self?.panes[0].picture.grabFocus() }
        installActions()
        window.onCloseRequest { [weak self] in
            self?.onIntent(.close)
            return false
        }
    }

    /// The side whose photo has the keyboard focus (the left one else).
    var focusedSide: Side { panes[1].picture.hasFocus ? .right : .left }

    private func installActions() {
        let actions: [(ActionID, @MainActor () -> Void)] = [
            (ActionNames.zoomIn, { [weak self] in self?.focusedPane.zoom(by: 1.25) }),
            (ActionNames.zoomOut, { [weak self] in self?.focusedPane.zoom(by: 0.8) }),
            (ActionNames.zoomFit, { [weak self] in self?.focusedPane.setZoom(nil) }),
            (ActionNames.zoomActual, { [weak self] in self?.focusedPane.setZoom(1, actualSize: true) }),
            (ActionNames.toggleRejected, { [weak self] in self.map { $0.onIntent(.toggleRejected(pane: $0.focusedSide.rawValue)) } }),
            (ActionNames.closeWindow, { [weak self] in self?.window.close() }),
            (ActionNames.escape, { [weak self] in self?.window.close() }),
        ]
        for (id, body) in actions { window.addAction(Action(id, body)) }
        showFocusPoints = Action(ActionNames.showFocusPoints, isOn: false) { [weak self] _ in
            self?.onIntent(.toggleFocusPoints)
        }
        window.addAction(showFocusPoints)
        window.addAction(Action(ActionNames.rate, stringParameter: { [weak self] stars in
            guard let self, let stars = Int(stars) else { return }
            self.onIntent(.rate(stars, pane: self.focusedSide.rawValue))
        }))
    }

    private var focusedPane: ZoomView { panes[focusedSide.rawValue] }

    /// One pane zoomed: the other takes the same zoom relative to fitting,
    /// and the same part of its photo in the middle, once laid out.
    private func zoomed(_ side: Side, _ scale: Double?) {
        if let scale, scale >= 1 { onIntent(.wantsFullResolution(pane: side.rawValue)) }
        guard !matching else { return }
        let source = panes[side.rawValue], other = panes[1 - side.rawValue]
        matching = true
        other.setZoom(relativeToFit: source.zoomRelativeToFit)
        matching = false
        source.scroller.afterNextLayout { [weak self] in self?.panned(side) }
    }

    private func panned(_ side: Side) {
        guard !matching, let centre = panes[side.rawValue].centre else { return }
        matching = true
        panes[1 - side.rawValue].scroll(toCentre: centre)
        matching = false
    }

    // MARK: Rendering

    /// Shows each side's state: the photo, its title and rating under it.
    /// A compare window steps nowhere: of a state it shows the picture.
    /// Once a photo compared is gone there is nothing to compare: the
    /// window closes.
    func render(_ state: CompareLogic.State) {
        if state.isGone {
            window.close()
            return
        }
        var titles: [String] = []
        for (side, state) in zip(Side.allCases, state.panes) {
            let pane = panes[side.rawValue], caption = captions[side.rawValue]
            switch state.picture {
            case .loading(let photo):
                show(photo, RatingText.spoken(photo.rating), side)
                titles.append(photo.title)
            case .presenting(let photo, let pixels):
                pane.show(pixels, of: photo.path)
                pane.showFocus(state.showsFocusPoints ? state.focus : nil)
                // The focus is said with the rating while it is shown.
                let detail = state.showsFocusPoints && state.focus != nil
                    // Translators: a photo's rating, then more about it: "Rated 3 stars, RAW+JPEG", "Rated 3 stars, Red label".
                    ? tr("{rating}, {kind}", ["rating": RatingText.spoken(photo.rating), "kind": state.focus?.spoken ?? ""])
                    : RatingText.spoken(photo.rating)
                show(photo, detail, side)
                titles.append(photo.title)
            case .failed(let photo, let reason):
                titles.append(photo.title)
                pane.show(nil, of: photo.path)
                // Translators: {reason} is a sentence saying why, such as "The file is empty."
                show(photo, tr("Cannot show this photo. {reason}", ["reason": reason]), side)
            case .gone:
                pane.show(nil, of: "")
                caption.text = ""
            }
        }
        let focusShown = state.panes.first?.showsFocusPoints ?? false
        if (showFocusPoints.boolState ?? false) != focusShown { showFocusPoints.boolState = focusShown }
        window.title = Self.title(of: titles)
        windowTitle.title = tr("Compare")
        windowTitle.subtitle = titles.count == 2
            // Translators: the Compare window's subtitle: the titles of the two photos, left and right.
            ? tr("{left} · {right}", ["left": titles[0], "right": titles[1]])
            : titles.first ?? ""
    }

    /// "Compare sunset and sunset-2": the window's name, which window
    /// lists and screen readers show.
    private static func title(of titles: [String]) -> String {
        switch titles.count {
        // Translators: the name of the Compare window; {left} and {right} are the titles of the two photos.
        case 2: tr("Compare {left} and {right}", ["left": titles[0], "right": titles[1]])
        // Translators: the name of the Compare window while it shows one photo; {title} is its title.
        case 1: tr("Compare {title}", ["title": titles[0]])
        default: tr("Compare")
        }
    }

    private func show(_ photo: Photo, _ detail: String, _ side: Side) {
        // Translators: the caption under a photo in the Compare window: its title, then its rating or why it cannot be shown.
        captions[side.rawValue].text = tr("{title} — {detail}", ["title": photo.title, "detail": detail])
        let picture = panes[side.rawValue].picture
        picture.setAccessibleLabel(photo.title)
        let place = side == .left
            // Translators: where a photo is in the Compare window, said after its rating: "Rated 3 stars, left".
            ? tr("left")
            // Translators: where a photo is in the Compare window, said after its rating: "Rated 3 stars, right".
            : tr("right")
        picture.setAccessibleDescription(RatingText.withPlace(detail, place))
    }

    /// What each side's caption says (for tests).
    var captionTexts: [String] { captions.map(\.text) }
}
