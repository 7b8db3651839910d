import GtkKit
import LightboxCore

/// Two photos side by side, to choose between near-duplicates: zoomed and
/// panned together (a zoom or a pan of one is made on the other, matched
/// to its size), the rating keys acting on the one with the keyboard focus
/// (Tab moves between them). Zoom and focus are view state; ratings are
/// reported as intents.
@MainActor
final class CompareWindowView {
    enum Side: Int, Equatable, CaseIterable { case left = 0, right = 1 }

    enum Intent: Equatable {
        /// 1–5 stars, 0 clears, for the photo on that side.
        case rate(Int, Side)
        case toggleRejected(Side)
        /// Zoomed past the pixels decoded to fit the screen.
        case wantsFullResolution(Side)
        case closed
    }

    let window: ApplicationWindow
    let panes = [ZoomView(), ZoomView()]
    private let captions = [Label(), Label()]
    private let windowTitle = WindowTitle(title: "Compare")
    /// While one pane's zoom or pan is being made on the other.
    private var matching = false
    var onIntent: (Intent) -> Void = { _ in }

    init(application: Application) {
        window = ApplicationWindow(application: application)
        window.defaultSize = (1200, 700)
        let header = HeaderBar()
        header.setTitleWidget(windowTitle.root)
        header.packStart(Box(.horizontal, [
            Button(for: ActionNames.zoomOut, iconName: "zoom-out-symbolic", label: "Zoom Out"),
            Button(for: ActionNames.zoomFit, iconName: "zoom-fit-best-symbolic", label: "Best Fit"),
            Button(for: ActionNames.zoomActual, iconName: "zoom-original-symbolic", label: "Actual Size"),
            Button(for: ActionNames.zoomIn, iconName: "zoom-in-symbolic", label: "Zoom In"),
        ]))
        window.setTitlebar(header)
        var columns: [Widget] = []
        for side in Side.allCases {
            let pane = panes[side.rawValue]
            pane.fallbackSize = (600, 600)
            pane.onZoom = { [weak self] scale, _ in self?.zoomed(side, scale) }
            pane.onPan = { [weak self] in self?.panned(side) }
            captions[side.rawValue].addCssClass("caption")
            columns.append(Box(.vertical, spacing: 6, [pane.root, captions[side.rawValue]]))
        }
        window.setChild(Box(.horizontal, spacing: 6, columns))
        panes[0].picture.onMap { [weak self] in self?.panes[0].picture.grabFocus() }
        installActions()
        window.onCloseRequest { [weak self] in
            self?.onIntent(.closed)
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
            (ActionNames.reject, { [weak self] in self.map { $0.onIntent(.toggleRejected($0.focusedSide)) } }),
            (ActionNames.closeWindow, { [weak self] in self?.window.close() }),
            (ActionNames.escape, { [weak self] in self?.window.close() }),
        ]
        for (id, body) in actions { window.addAction(Action(id, body)) }
        window.addAction(Action(ActionNames.rate, stringParameter: { [weak self] stars in
            guard let self, let stars = Int(stars) else { return }
            self.onIntent(.rate(stars, self.focusedSide))
        }))
    }

    private var focusedPane: ZoomView { panes[focusedSide.rawValue] }

    /// One pane zoomed: the other takes the same zoom relative to fitting,
    /// and the same part of its photo in the middle, once laid out.
    private func zoomed(_ side: Side, _ scale: Double?) {
        if let scale, scale >= 1 { onIntent(.wantsFullResolution(side)) }
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
    func render(_ states: [PhotoViewerLogic.State]) {
        var titles: [String] = []
        for (side, state) in zip(Side.allCases, states) {
            let pane = panes[side.rawValue], caption = captions[side.rawValue]
            switch state {
            case .loading(let photo):
                show(photo, RatingText.spoken(photo.rating), side)
            case .presenting(let photo, let pixels):
                pane.show(pixels, of: photo.path)
                show(photo, RatingText.spoken(photo.rating), side)
            case .failed(let photo, let reason):
                pane.show(nil, of: photo.path)
                show(photo, "Cannot show this photo. \(reason)", side)
            case .gone:
                pane.show(nil, of: "")
                caption.text = ""
            }
            if case .gone = state {} else { titles.append(caption.text.components(separatedBy: " — ").first ?? "") }
        }
        window.title = "Compare " + titles.joined(separator: " and ")
        windowTitle.title = "Compare"
        windowTitle.subtitle = titles.joined(separator: " · ")
    }

    private func show(_ photo: Photo, _ detail: String, _ side: Side) {
        captions[side.rawValue].text = "\(photo.title) — \(detail)"
        let picture = panes[side.rawValue].picture
        picture.setAccessibleLabel(photo.title)
        picture.setAccessibleDescription(RatingText.withPlace(detail, side == .left ? "left" : "right"))
    }

    /// What each side's caption says (for tests).
    var captionTexts: [String] { captions.map(\.text) }
}
