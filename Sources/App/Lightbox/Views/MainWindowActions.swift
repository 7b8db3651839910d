import GtkKit
import LightboxCore

/// A main window's actions: what its buttons, menus and keys activate.
/// Each reports one of the window's intents (or changes only how the
/// window looks: the search bar, the focus, the thumbnails' size); none
/// does any work itself. Actions on the selection are enabled only while
/// they can act.
@MainActor
final class MainWindowActions {
    private let window: ApplicationWindow
    private let grid: PhotoGridView
    private let search: SearchBarView
    private let send: (MainWindowView.Intent) -> Void
    private lazy var sortKey = Action(ActionNames.sortKey, state: PhotoOrder.standard.key.rawValue) { [weak self] _ in
        self?.sortChosen()
    }
    private lazy var sortDirection = Action(ActionNames.sortDirection, state: "ascending") { [weak self] _ in
        self?.sortChosen()
    }
    private lazy var minimumRating = Action(ActionNames.minimumRating, state: "0") { [weak self] value in
        self?.send(.minimumRating(Int(value) ?? 0))
    }
    private lazy var rejected = Action(ActionNames.rejected, state: "shown") { [weak self] value in
        self?.send(.rejected(value == "hidden" ? .hidden : value == "only" ? .only : .shown))
    }
    private lazy var gridZoom = Action(ActionNames.gridZoom, state: GridZoom.standard.rawValue) { [weak self] value in
        self?.zoom(to: GridZoom(rawValue: value) ?? .standard)
    }
    /// Actions on the selection: disabled while nothing is selected
    /// (unless they can act on the focused photo: `actingActions`).
    private var selectionActions: [Action] = []
    /// Those whose keys a text entry needs too (digits, X, Delete,
    /// Escape, Ctrl+C): disabled also while the search entry has the focus,
    /// as the application's keys are handled before the entry sees them.
    private var typingActions: [Action] = []
    /// Selection actions that act on the photo under the keyboard when
    /// nothing is selected.
    private var actingActions: [Action] = []
    /// C: enabled while exactly two photos are selected.
    private lazy var compare = intentAction(ActionNames.compare, .compare)
    /// How many photos are selected (among those shown).
    private var selectedCount = 0

    /// - Parameters:
    ///   - switchPane: F6, handled by the window's layout.
    ///   - send: reports the window's intents.
    init(window: ApplicationWindow, grid: PhotoGridView, search: SearchBarView,
         switchPane: @escaping @MainActor () -> Void, send: @escaping (MainWindowView.Intent) -> Void) {
        self.window = window
        self.grid = grid
        self.search = search
        self.send = send
        window.addAction(Action(ActionNames.openFolder) { send(.openFolder) })
        window.addAction(Action(ActionNames.closeWindow) { [weak window] in window?.close() })
        window.addAction(Action(ActionNames.toggleSearch) { [weak search] in search?.toggle() })
        window.addAction(Action(ActionNames.switchPane, switchPane))
        let larger = Action(ActionNames.gridLarger) { [weak self] in self.map { $0.zoom(to: $0.grid.zoom.larger) } }
        let smaller = Action(ActionNames.gridSmaller) { [weak self] in self.map { $0.zoom(to: $0.grid.zoom.smaller) } }
        [sortKey, sortDirection, minimumRating, rejected, gridZoom, larger, smaller].forEach(window.addAction)
        window.addAction(intentAction(ActionNames.selectAll, .selectAll))
        window.addAction(intentAction(ActionNames.trashRejected, .trashRejected))
        installSelectionActions()
        updateStates()
    }

    private func sortChosen() {
        let key = PhotoOrder.Key(rawValue: sortKey.state ?? "") ?? PhotoOrder.standard.key
        send(.sort(PhotoOrder(key, ascending: sortDirection.state != "descending")))
    }

    /// The grid and the menu show the new size at once; the window is told.
    private func zoom(to level: GridZoom) {
        guard level != grid.zoom else { return }
        gridZoom.state = level.rawValue
        grid.zoom(to: level)
        send(.zoom(level))
    }

    private func installSelectionActions() {
        let rate = Action(ActionNames.rate, stringParameter: { [weak self] stars in
            self?.grid.selectFocusedPhotoIfNoneIsSelected()
            self?.send(.rate(Int(stars) ?? 0))
        })
        actingActions = [rate]
        typingActions = [
            rate,
            actingAction(ActionNames.toggleRejected, .toggleRejected),
            actingAction(ActionNames.trash, .trash),
            // Escape in a main window: select none.
            intentAction(ActionNames.escape, .selectNone),
            actingAction(ActionNames.copyFiles, .copyFiles),
            actingAction(ActionNames.copyPaths, .copyPaths),
            compare,
        ]
        selectionActions = typingActions + [
            intentAction(ActionNames.selectNone, .selectNone),
            intentAction(ActionNames.openSelected, .openSelected),
            intentAction(ActionNames.openWith, .openWith),
            intentAction(ActionNames.showInFiles, .showInFiles),
            intentAction(ActionNames.copyTo, .transfer(.copy)),
            intentAction(ActionNames.moveTo, .transfer(.move)),
        ]
        selectionActions.forEach(window.addAction)
    }

    private func intentAction(_ id: ActionID, _ intent: MainWindowView.Intent) -> Action {
        let send = send
        return Action(id) { send(intent) }
    }

    /// An action on the selection that, with nothing selected, acts on the
    /// photo under the keyboard (see `selectFocusedPhotoIfNoneIsSelected`).
    private func actingAction(_ id: ActionID, _ intent: MainWindowView.Intent) -> Action {
        let action = Action(id) { [weak self] in
            self?.grid.selectFocusedPhotoIfNoneIsSelected()
            self?.send(intent)
        }
        actingActions.append(action)
        return action
    }

    // MARK: Rendering

    /// The order, rating filters and thumbnail size shown in the menus
    /// (and the grid's size), as the window's state has them.
    func show(order: PhotoOrder, filter: PhotoFilter, zoom: GridZoom) {
        setState(of: gridZoom, to: zoom.rawValue)
        grid.zoom(to: zoom)
        setState(of: sortKey, to: order.key.rawValue)
        setState(of: sortDirection, to: order.ascending ? "ascending" : "descending")
        setState(of: minimumRating, to: String(filter.minimumRating))
        let rejectedState = switch filter.rejected {
        case .shown: "shown"
        case .hidden: "hidden"
        case .only: "only"
        }
        setState(of: rejected, to: rejectedState)
    }

    /// Changed only when it differs: each change tells the menus.
    private func setState(of action: Action, to value: String) {
        if action.state != value { action.state = value }
    }

    /// `count` photos are selected now.
    func show(selectedCount count: Int) {
        guard count != selectedCount else { return }
        selectedCount = count
        updateStates()
    }

    /// Selection actions are enabled while photos are selected (those that
    /// act on the photo under the keyboard also while a photo has it);
    /// those with typing keys not while the search entry has the focus (a
    /// disabled action lets its key through to the entry).
    func updateStates() {
        let typing = search.hasFocus
        let focusedPhoto = grid.hasFocusedPhoto
        for action in selectionActions {
            let needsKeys = typingActions.contains { $0 === action }
            let acts = action === compare ? selectedCount == 2
                : selectedCount > 0 || (focusedPhoto && actingActions.contains { $0 === action })
            let enabled = acts && !(needsKeys && typing)
            if action.isEnabled != enabled { action.isEnabled = enabled }
        }
    }
}
