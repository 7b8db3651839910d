/// What a compare window does, without GTK: photos side by side, each
/// shown by a viewer of its own that steps nowhere. Ratings go to the list
/// the photos belong to, through the flow, as a photo window's do; when a
/// photo compared leaves the folder there is nothing left to compare.
@MainActor
public final class CompareLogic: ScreenLogic {
    public enum Intent: Sendable, Equatable {
        /// Shows the photos (the window's first intent).
        case load
        /// 1–5 stars, 0 clears, for the photo of that pane (from 0).
        case rate(Int, pane: Int)
        case toggleRejected(pane: Int)
        /// Zoomed past the pixels decoded to fit: that photo in full.
        case wantsFullResolution(pane: Int)
        /// F: every pane draws the camera's focus points, or no longer;
        /// told to the other windows.
        case toggleFocusPoints
        /// The same, turned in another window (told by the flow).
        case followShowsFocusPoints(Bool)
        /// The list learnt something new of its photos.
        case photosChanged
        /// The photo at the path left the folder.
        case photoRemoved(String)
        case close
    }

    public enum Output: Sendable, Equatable {
        /// A change to a photo, for the list it belongs to.
        case edit(PhotoListLogic.PhotoEdit)
        /// "Show Focus Point" changed: the other windows follow, and it is kept.
        case showsFocusPointsChanged(Bool)
        case closed
    }

    public struct State: Equatable, Sendable {
        /// What each pane shows, in order.
        public var panes: [PhotoViewerLogic.State]
        /// A photo compared left the folder: the window closes.
        public var isGone = false
    }

    public let screen: Screen<State, Output>
    private let viewers: [PhotoViewerLogic]

    /// - Parameter viewers: one a pane, each made for its photo.
    public init(viewers: [PhotoViewerLogic]) {
        self.viewers = viewers
        screen = Screen(State(panes: viewers.map(\.state)))
        for (pane, viewer) in viewers.enumerated() {
            viewer.onState = { [weak self] state in
                guard let self, !self.state.isGone else { return }
                var new = self.state
                new.panes[pane] = state
                publish(new)
            }
            viewer.onOutput = { [weak self] output in
                if case .edit(let edit) = output { self?.emit(.edit(edit)) }
            }
        }
    }

    /// The photos compared, in pane order.
    private var paths: [String] { viewers.compactMap(\.state.picture.photo?.path) }

    public func send(_ intent: Intent) {
        defer { followPanes() }
        switch intent {
        case .load: viewers.forEach { $0.send(.load) }
        case .rate(let stars, let pane): viewer(pane)?.send(.rate(stars))
        case .toggleRejected(let pane): viewer(pane)?.send(.toggleRejected)
        case .wantsFullResolution(let pane): viewer(pane)?.send(.wantsFullResolution)
        case .toggleFocusPoints:
            let on = !(state.panes.first?.showsFocusPoints ?? true)
            viewers.forEach { $0.send(.followShowsFocusPoints(on)) }
            emit(.showsFocusPointsChanged(on))
        case .followShowsFocusPoints(let on): viewers.forEach { $0.send(.followShowsFocusPoints(on)) }
        case .photosChanged: viewers.forEach { $0.send(.photosChanged) }
        case .photoRemoved(let path):
            guard paths.contains(path), !state.isGone else { return }
            var new = state
            new.isGone = true
            publish(new)
        case .close:
            viewers.forEach { $0.send(.close) }
            tasks.cancelAll()
            emit(.closed)
        }
    }

    /// The panes' work is this window's work: `settled()` waits for it.
    private func followPanes() {
        tasks.start { [viewers] in
            for viewer in viewers { await viewer.settled() }
        }
    }

    private func viewer(_ pane: Int) -> PhotoViewerLogic? { viewers.indices.contains(pane) ? viewers[pane] : nil }
}
