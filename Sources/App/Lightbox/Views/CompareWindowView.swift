import GtkKit
import LightboxCore
import Localization

/// Two to four photos side by side, to choose between near-duplicates or
/// the frames of a burst: two or three in a row, four in a square; zoomed
/// and panned together (a zoom or a pan of one is made on the others,
/// matched to their sizes), the rating keys acting on the one with the
/// keyboard focus (Tab, or the arrow keys, move it). Zoom and focus are
/// view state; ratings are reported as intents.
@MainActor
final class CompareWindowView {
    /// The window speaks its logic's intents (CompareLogic.Intent), a
    /// pane by its number (from 0).
    typealias Intent = CompareLogic.Intent

    let window: ApplicationWindow
    let panes: [ZoomView]
    private let captions: [Label]
    // Translators: the title of the window showing two photos side by side.
    private let windowTitle = WindowTitle(title: tr("Compare"))
    /// While one pane's zoom or pan is being made on the other.
    private var matching = false
    /// "Show Focus Point" (F), as the state has it.
    private var showFocusPoints: Action!
    var onIntent: (Intent) -> Void = { _ in }

    /// - Parameter count: how many photos it shows (`PhotoListLogic.comparable`).
    init(application: Application, count: Int = 2) {
        panes = (0..<count).map { _ in ZoomView() }
        captions = (0..<count).map { _ in Label() }
        window = ApplicationWindow(application: application)
        window.defaultSize = count > 2 ? (1400, 900) : (1200, 700)
        let header = HeaderBar()
        header.setTitleWidget(windowTitle.root)
        header.packStart(Box(.horizontal, [
            Button(for: ActionNames.zoomOut, iconName: "zoom-out-symbolic", label: tr("Zoom Out")),
            Button(for: ActionNames.zoomFit, iconName: "zoom-fit-best-symbolic", label: tr("Best Fit")),
            Button(for: ActionNames.zoomActual, iconName: "zoom-original-symbolic", label: tr("Actual Size")),
            Button(for: ActionNames.zoomIn, iconName: "zoom-in-symbolic", label: tr("Zoom In")),
        ]))
        window.setTitlebar(header)
        var cells: [Widget] = []
        for (index, pane) in panes.enumerated() {
            pane.fallbackSize = count > 2 ? (450, 450) : (600, 600)
            pane.onIntent = { [weak self] intent in
                switch intent {
                case .zoomed(let scale, _): self?.zoomed(index, scale)
                case .panned: self?.panned(index)
                }
            }
            captions[index].addCssClass("caption")
            cells.append(Box(.vertical, spacing: 6, [pane.root, captions[index]]))
        }
        // Four in a square, fewer in a row.
        let rows = count == 4 ? [Array(cells[0..<2]), Array(cells[2..<4])] : [cells]
        let rowBoxes: [Widget] = rows.map { row in
            let box = Box(.horizontal, spacing: 6, row)
            box.homogeneous = true
            box.vexpand = true
            return box
        }
        window.setChild(Box(.vertical, spacing: 6, rowBoxes))
        panes[0].picture.onMap { [weak self] in self?.panes[0].picture.grabFocus() }
        installActions()
        window.onCloseRequest { [weak self] in
            self?.onIntent(.close)
            return false
        }
    }

    /// The pane whose photo has the keyboard focus (the first else).
    var focusedPane: Int { panes.firstIndex { $0.picture.hasFocus } ?? 0 }

    /// The arrow keys: the keyboard to the next pane or the one before
    /// (in reading order), the first after the last.
    private func moveFocus(by offset: Int) {
        let next = (focusedPane + offset + panes.count) % panes.count
        panes[next].picture.grabFocus()
    }

    private func installActions() {
        let actions: [(ActionID, @MainActor () -> Void)] = [
            (ActionNames.zoomIn, { [weak self] in self?.focusedView.zoom(by: 1.25) }),
            (ActionNames.zoomOut, { [weak self] in self?.focusedView.zoom(by: 0.8) }),
            (ActionNames.zoomFit, { [weak self] in self?.focusedView.setZoom(nil) }),
            (ActionNames.zoomActual, { [weak self] in self?.focusedView.setZoom(1, actualSize: true) }),
            (ActionNames.toggleRejected, { [weak self] in self.map { $0.onIntent(.toggleRejected(pane: $0.focusedPane)) } }),
            (ActionNames.previous, { [weak self] in self?.moveFocus(by: -1) }),
            (ActionNames.next, { [weak self] in self?.moveFocus(by: 1) }),
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
            self.onIntent(.rate(stars, pane: self.focusedPane))
        }))
    }

    private var focusedView: ZoomView { panes[focusedPane] }

    /// One pane zoomed: the others take the same zoom relative to fitting,
    /// and the same part of their photos in the middle, once laid out.
    private func zoomed(_ pane: Int, _ scale: Double?) {
        if let scale, scale >= 1 { onIntent(.wantsFullResolution(pane: pane)) }
        guard !matching else { return }
        let source = panes[pane]
        matching = true
        for (index, other) in panes.enumerated() where index != pane {
            other.setZoom(relativeToFit: source.zoomRelativeToFit)
        }
        matching = false
        source.scroller.afterNextLayout { [weak self] in self?.panned(pane) }
    }

    private func panned(_ pane: Int) {
        guard !matching, let centre = panes[pane].centre else { return }
        matching = true
        for (index, other) in panes.enumerated() where index != pane { other.scroll(toCentre: centre) }
        matching = false
    }

    // MARK: Rendering

    /// Shows each pane's state: the photo, its title and rating under it.
    /// A compare window steps nowhere: of a state it shows the picture.
    /// Once a photo compared is gone there is nothing to compare: the
    /// window closes.
    func render(_ state: CompareLogic.State) {
        if state.isGone {
            window.close()
            return
        }
        var titles: [String] = []
        for (index, state) in zip(panes.indices, state.panes) {
            let pane = panes[index], caption = captions[index]
            switch state.picture {
            case .loading(let photo):
                show(photo, RatingText.spoken(photo.rating), index)
                titles.append(photo.title)
            case .presenting(let photo, let pixels):
                pane.show(pixels, of: photo.path)
                pane.showFocus(state.showsFocusPoints ? state.focus : nil)
                // The focus is said with the rating while it is shown.
                let detail = state.showsFocusPoints && state.focus != nil
                    // Translators: a photo's rating, then more about it: "Rated 3 stars, RAW+JPEG", "Rated 3 stars, Red label".
                    ? tr("{rating}, {kind}", ["rating": RatingText.spoken(photo.rating), "kind": state.focus?.spoken ?? ""])
                    : RatingText.spoken(photo.rating)
                show(photo, detail, index)
                titles.append(photo.title)
            case .failed(let photo, let reason):
                titles.append(photo.title)
                pane.show(nil, of: photo.path)
                // Translators: {reason} is a sentence saying why, such as "The file is empty."
                show(photo, tr("Cannot show this photo. {reason}", ["reason": reason]), index)
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
            : titles.count > 2
            // Translators: the Compare window's subtitle when it shows three or four photos.
            ? trn("{count} photo", "{count} photos", count: titles.count)
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
        // Translators: the name of the Compare window showing three or four photos; {first} is the first's title.
        case 3, 4: trn("Compare {first} and {count} more", "Compare {first} and {count} more", count: titles.count - 1,
                       ["first": titles[0]])
        default: tr("Compare")
        }
    }

    private func show(_ photo: Photo, _ detail: String, _ pane: Int) {
        // Translators: the caption under a photo in the Compare window: its title, then its rating or why it cannot be shown.
        captions[pane].text = tr("{title} — {detail}", ["title": photo.title, "detail": detail])
        let picture = panes[pane].picture
        picture.setAccessibleLabel(photo.title)
        picture.setAccessibleDescription(RatingText.withPlace(detail, Self.place(pane, of: panes.count)))
    }

    /// Where a pane is, as said after its photo's rating: "left" and
    /// "right"; with three, "middle" between; with four, "upper left" …
    /// "lower right".
    static func place(_ pane: Int, of count: Int) -> String {
        switch (count, pane) {
        // Translators: where a photo is in the Compare window, said after its rating: "Rated 3 stars, left".
        case (2, 0), (3, 0): tr("left")
        // Translators: where a photo is in the Compare window, said after its rating: "Rated 3 stars, right".
        case (2, _), (3, 2): tr("right")
        // Translators: where a photo is in the Compare window of three, said after its rating: "Rated 3 stars, middle".
        case (3, _): tr("middle")
        // Translators: where a photo is in the Compare window of four, said after its rating.
        case (_, 0): tr("upper left")
        // Translators: where a photo is in the Compare window of four, said after its rating.
        case (_, 1): tr("upper right")
        // Translators: where a photo is in the Compare window of four, said after its rating.
        case (_, 2): tr("lower left")
        // Translators: where a photo is in the Compare window of four, said after its rating.
        default: tr("lower right")
        }
    }

    /// What each pane's caption says (for tests).
    var captionTexts: [String] { captions.map(\.text) }
}
