import GtkKit
import LightboxCore

/// A main window's actions: what its buttons, menus and keys activate.
/// Each reports an intent; none does any work itself.
extension MainWindowView {
    func installActions() {
        window.addAction(Action(ActionNames.openFolder) { [weak self] in self?.onIntent(.openFolder) })
        window.addAction(Action(ActionNames.closeWindow) { [weak self] in self?.window.close() })
        window.addAction(Action(ActionNames.search) { [weak self] in self?.search.toggle() })
        window.addAction(Action(ActionNames.switchPane) { [weak self] in self?.switchPane() })
        sortKey = Action(ActionNames.sortKey, state: PhotoOrder.standard.key.rawValue) { [weak self] _ in
            self?.sortChanged()
        }
        sortDirection = Action(ActionNames.sortDirection, state: "ascending") { [weak self] _ in self?.sortChanged() }
        minimumRating = Action(ActionNames.minimumRating, state: "0") { [weak self] value in
            self?.onIntent(.minimumRating(Int(value) ?? 0))
        }
        rejected = Action(ActionNames.rejected, state: "shown") { [weak self] value in
            self?.onIntent(.rejected(value == "hidden" ? .hidden : value == "only" ? .only : .shown))
        }
        gridZoom = Action(ActionNames.gridZoom, state: GridZoom.standard.rawValue) { [weak self] value in
            self?.zoom(to: GridZoom(rawValue: value) ?? .standard)
        }
        let larger = Action(ActionNames.gridLarger) { [weak self] in self.map { $0.zoom(to: $0.grid.zoom.larger) } }
        let smaller = Action(ActionNames.gridSmaller) { [weak self] in self.map { $0.zoom(to: $0.grid.zoom.smaller) } }
        [sortKey, sortDirection, minimumRating, rejected, gridZoom, larger, smaller].forEach { window.addAction($0) }
        window.addAction(intentAction(ActionNames.selectAll, .selectAll))
        window.addAction(intentAction(ActionNames.trashRejected, .trashRejected))
        installSelectionActions()
        updateActionStates()
    }

    private func installSelectionActions() {
        let rate = Action(ActionNames.rate, stringParameter: { [weak self] stars in
            self?.grid.selectFocusedPhotoIfNoneIsSelected()
            self?.onIntent(.rate(Int(stars) ?? 0))
        })
        actingActions = [rate]
        typingActions = [
            rate,
            actingAction(ActionNames.reject, .toggleReject),
            actingAction(ActionNames.trash, .trash),
            // Escape in a main window: select none.
            intentAction(ActionNames.escape, .selectNone),
            actingAction(ActionNames.copyFiles, .copyFiles),
            actingAction(ActionNames.copyPaths, .copyPaths),
            compareAction,
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

    private func intentAction(_ id: ActionID, _ intent: Intent) -> Action {
        Action(id) { [weak self] in self?.onIntent(intent) }
    }

    /// An action on the selection that, with nothing selected, acts on the
    /// photo under the keyboard (see `selectFocusedPhotoIfNoneIsSelected`).
    private func actingAction(_ id: ActionID, _ intent: Intent) -> Action {
        let action = Action(id) { [weak self] in
            self?.grid.selectFocusedPhotoIfNoneIsSelected()
            self?.onIntent(intent)
        }
        actingActions.append(action)
        return action
    }

    /// Selection actions are enabled while photos are selected (those that
    /// act on the photo under the keyboard also while a photo has it);
    /// those with typing keys not while the search entry has the focus (a
    /// disabled action lets its key through to the entry).
    func updateActionStates() {
        let typing = search.hasFocus
        let focusedPhoto = grid.hasFocusedPhoto
        for action in selectionActions {
            let needsKeys = typingActions.contains { $0 === action }
            let acts = action === compareAction ? selectedCount == 2
                : selectedCount > 0 || (focusedPhoto && actingActions.contains { $0 === action })
            let enabled = acts && !(needsKeys && typing)
            if action.isEnabled != enabled { action.isEnabled = enabled }
        }
    }

    /// The grid at `level`, in the menu too, and the controller told.
    private func zoom(to level: GridZoom) {
        guard level != grid.zoom else { return }
        gridZoom.state = level.rawValue
        grid.zoom(to: level)
        onIntent(.zoom(level))
    }

    /// Shows the order, rating filters and thumbnail size a window starts
    /// with (those kept from the last window) in the grid and its menus.
    func showChoices(order: PhotoOrder, filter: PhotoFilter, zoom: GridZoom) {
        gridZoom.state = zoom.rawValue
        grid.zoom(to: zoom)
        sortKey.state = order.key.rawValue
        sortDirection.state = order.ascending ? "ascending" : "descending"
        minimumRating.state = String(filter.minimumRating)
        rejected.state = switch filter.rejected {
        case .shown: "shown"
        case .hidden: "hidden"
        case .only: "only"
        }
    }

    private func sortChanged() {
        let key = PhotoOrder.Key(rawValue: sortKey.state ?? "") ?? PhotoOrder.standard.key
        onIntent(.sort(PhotoOrder(key, ascending: sortDirection.state != "descending")))
    }
}
