import Foundation
import GtkKit
import LightboxCore

/// A main window's actions: what its buttons, menus and keys activate.
/// Each reports one of the window's intents (or changes only how the
/// window looks: the search bar, the focus, the thumbnails' size); none
/// does any work itself. Actions on the selection are enabled only while
/// they can act; Paste only while a folder is shown and the clipboard
/// holds files.
@MainActor
final class MainWindowActions {
    private let window: ApplicationWindow
    private let grid: PhotoGridView
    private let search: SearchBarView
    private let send: (PhotoListLogic.Intent) -> Void
    /// Reading the clipboard for Paste (ends with the window).
    private let tasks = OwnedTasks()
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
    private lazy var labelFilters: [ColorLabel: Action] = Dictionary(uniqueKeysWithValues: ColorLabel.allCases.map { label in
        (label, Action(ActionNames.labelFilter(label), isOn: false) { [weak self] on in self?.send(.labelFilter(label, on)) })
    })
    private lazy var fileKind = Action(ActionNames.fileKindFilter, state: "any") { [weak self] value in
        self?.send(.fileKindFilter(PhotoFilter.FileKind(rawValue: value)))
    }
    private lazy var onlySharpest = Action(ActionNames.onlySharpest, isOn: false) { [weak self] on in
        self?.send(.onlySharpest(on))
    }
    private lazy var clippedFilter = Action(ActionNames.clippedFilter, state: "any") { [weak self] value in
        self?.send(.clippedFilter(Double(value)))
    }
    private lazy var keywordFilter = Action(ActionNames.keywordFilter, state: "") { [weak self] value in
        self?.send(.keywordFilter(Keyword(value)))
    }
    private lazy var cameraFilter = Action(ActionNames.cameraFilter, state: "") { [weak self] value in
        self?.send(.cameraFilter(value.isEmpty ? nil : value))
    }
    private lazy var takenFilter = Action(ActionNames.takenFilter, state: "") { [weak self] value in
        self?.send(.takenFilter(FilterChoices.Month(name: value)?.days))
    }
    private lazy var goBack = intentAction(ActionNames.goBack, .goBack)
    private lazy var goForward = intentAction(ActionNames.goForward, .goForward)
    private lazy var includeSubfolders = Action(ActionNames.includeSubfolders, isOn: true) { [weak self] on in
        self?.send(.includeSubfolders(on))
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
    /// Enabled while exactly one photo is selected.
    private lazy var setProfilePhoto = intentAction(ActionNames.setProfilePhoto, .setProfilePhoto)
    private lazy var photoProperties = intentAction(ActionNames.showProperties, .showProperties)
    /// Ctrl+V: the files on the clipboard are read, then reported.
    private lazy var paste = Action(ActionNames.paste) { [weak self] in self?.pasteFiles() }
    /// Read for Paste, and watched: Paste is enabled while it holds files.
    private let clipboard: Clipboard
    /// How many photos are selected (among those shown).
    private var selectedCount = 0
    /// Whether a folder is shown (its photos, or that it has none): Paste
    /// has a folder to copy into.
    private var showsFolder = false

    /// - Parameters:
    ///   - switchPane: F6, handled by the window's layout.
    ///   - send: reports the window's intents.
    init(window: ApplicationWindow, grid: PhotoGridView, search: SearchBarView,
         switchPane: @escaping @MainActor () -> Void, send: @escaping (PhotoListLogic.Intent) -> Void) {
        self.window = window
        self.grid = grid
        self.search = search
        self.send = send
        clipboard = Clipboard(of: window)
        window.addAction(Action(ActionNames.openFolder) { send(.openFolder) })
        window.addAction(Action(ActionNames.closeWindow) { [weak window] in window?.close() })
        window.addAction(Action(ActionNames.toggleSearch) { [weak search] in search?.toggle() })
        window.addAction(Action(ActionNames.switchPane, switchPane))
        let larger = Action(ActionNames.gridLarger) { [weak self] in self.map { $0.zoom(to: $0.grid.zoom.larger) } }
        let smaller = Action(ActionNames.gridSmaller) { [weak self] in self.map { $0.zoom(to: $0.grid.zoom.smaller) } }
        [sortKey, sortDirection, minimumRating, rejected, fileKind, onlySharpest, clippedFilter, keywordFilter, cameraFilter, takenFilter, gridZoom, larger, smaller]
            .forEach(window.addAction)
        ColorLabel.allCases.compactMap { labelFilters[$0] }.forEach(window.addAction)
        window.addAction(intentAction(ActionNames.clearFilters, .clearFilters))
        [goBack, goForward, includeSubfolders].forEach(window.addAction)
        window.addAction(intentAction(ActionNames.sortByDatesRead, .sortByDatesRead))
        window.addAction(intentAction(ActionNames.selectAll, .selectAll))
        window.addAction(intentAction(ActionNames.trashRejected, .trashRejected))
        installSelectionActions()
        window.addAction(paste)
        clipboard.onChanged { [weak self] in self?.updateStates() }
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
        send(.gridZoom(level))
    }

    private func installSelectionActions() {
        let rate = Action(ActionNames.rate, stringParameter: { [weak self] stars in
            self?.grid.selectFocusedPhotoIfNoneIsSelected()
            self?.send(.rate(Int(stars) ?? 0))
        })
        let label = Action(ActionNames.toggleLabel, stringParameter: { [weak self] name in
            guard let label = ColorLabel(xmpName: name) else { return }
            self?.grid.selectFocusedPhotoIfNoneIsSelected()
            self?.send(.toggleLabel(label))
        })
        actingActions = [rate, label]
        typingActions = [
            rate,
            label,
            actingAction(ActionNames.toggleRejected, .toggleRejected),
            actingAction(ActionNames.trash, .trash),
            // Escape in a main window: select none.
            intentAction(ActionNames.escape, .selectNone),
            actingAction(ActionNames.copyFiles, .copyFiles),
            actingAction(ActionNames.copyPaths, .copyPaths),
            // Ctrl+R and Ctrl+Shift+R, and ] and [, as in a photo window.
            actingAction(ActionNames.rotateRight, .rotateRight),
            actingAction(ActionNames.rotateLeft, .rotateLeft),
            compare,
        ]
        selectionActions = typingActions + [
            setProfilePhoto,
            photoProperties,
            intentAction(ActionNames.selectNone, .selectNone),
            intentAction(ActionNames.openSelected, .openSelected),
            actingAction(ActionNames.addKeyword, .addKeyword),
            actingAction(ActionNames.removeKeyword, .removeKeyword),
            intentAction(ActionNames.openWith, .openWith),
            intentAction(ActionNames.showInFiles, .showInFiles),
            intentAction(ActionNames.copyTo, .copyTo),
            intentAction(ActionNames.moveTo, .moveTo),
        ]
        selectionActions.forEach(window.addAction)
    }

    private func intentAction(_ id: ActionID, _ intent: PhotoListLogic.Intent) -> Action {
        let send = send
        return Action(id) { send(intent) }
    }

    /// An action on the selection that, with nothing selected, acts on the
    /// photo under the keyboard (see `selectFocusedPhotoIfNoneIsSelected`).
    private func actingAction(_ id: ActionID, _ intent: PhotoListLogic.Intent) -> Action {
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
        for (label, action) in labelFilters where action.boolState != filter.labels.contains(label) {
            action.boolState = filter.labels.contains(label)
        }
        setState(of: fileKind, to: filter.kind?.rawValue ?? "any")
        if onlySharpest.boolState != (filter.sharpnessAtLeast != nil) { onlySharpest.boolState = filter.sharpnessAtLeast != nil }
        setState(of: clippedFilter, to: filter.clippedAtLeast.map { String($0) } ?? "any")
        setState(of: keywordFilter, to: filter.keyword?.path ?? "")
        setState(of: cameraFilter, to: filter.camera ?? "")
        let month = filter.taken.map { Calendar(identifier: .gregorian).dateComponents([.year, .month], from: $0.lowerBound) }
        setState(of: takenFilter, to: month.flatMap { parts in
            parts.year.flatMap { year in parts.month.map { FilterChoices.Month(year: year, month: $0).name } }
        } ?? "")
    }

    /// Changed only when it differs: each change tells the menus.
    private func setState(of action: Action, to value: String) {
        if action.state != value { action.state = value }
    }

    /// Back, Forward and Include Subfolders as the window's place says.
    func show(navigation: FolderNavigation) {
        if goBack.isEnabled != navigation.canGoBack { goBack.isEnabled = navigation.canGoBack }
        if goForward.isEnabled != navigation.canGoForward { goForward.isEnabled = navigation.canGoForward }
        if includeSubfolders.boolState != navigation.includesSubfolders {
            includeSubfolders.boolState = navigation.includesSubfolders
        }
    }

    /// `count` photos are selected now.
    func show(selectedCount count: Int) {
        guard count != selectedCount else { return }
        selectedCount = count
        updateStates()
    }

    /// Whether a folder is shown (Paste copies into it).
    func show(folderShown: Bool) {
        guard folderShown != showsFolder else { return }
        showsFolder = folderShown
        updateStates()
    }

    /// Reads the files on the clipboard, then reports them; a clipboard
    /// that could not be read is reported empty, and the window says so.
    private func pasteFiles() {
        let send = send
        tasks.start { [clipboard] in
            let files = await clipboard.files()
            send(.paste(files?.paths ?? [], cut: files?.isCut ?? false))
        }
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
            let acts = action === compare ? PhotoListLogic.comparable.contains(selectedCount)
                : action === setProfilePhoto || action === photoProperties ? selectedCount == 1
                : selectedCount > 0 || (focusedPhoto && actingActions.contains { $0 === action })
            let enabled = acts && !(needsKeys && typing)
            if action.isEnabled != enabled { action.isEnabled = enabled }
        }
        // Ctrl+V pastes text into the search entry while it has the focus.
        let pastes = showsFolder && !typing && clipboard.hasFiles
        if paste.isEnabled != pastes { paste.isEnabled = pastes }
    }
}
