import GtkKit
import LightboxCore
import Localization

/// How a main window looks: the header bar (Open Folder, search, sort,
/// rating filter, the profile button, the main menu), the search bar, the
/// page for the current state (empty, failed, no results, the grid) and
/// notices. It knows nothing of what opening a folder does: it reports
/// intents and renders states.
@MainActor
final class MainWindowView {
    enum Intent {
        /// Open Folder (button, menu, Ctrl+O).
        case openFolder
        /// A folder chosen in the folder chooser.
        case folderChosen(String)
        case search(String)
        /// Enter in the search entry.
        case openFirstFound
        case sort(PhotoOrder)
        /// The thumbnails' size (the grid shows it at once).
        case zoom(GridZoom)
        case minimumRating(Int)
        case rejected(PhotoFilter.Rejected)
        /// The notice's action button ("Undo", "Cancel").
        case noticeAction
        // On the selected photos (the selection bar, its menus and keys).
        case selectAll
        case selectNone
        /// 1–5 stars; 0 clears the rating.
        case rate(Int)
        /// X: reject them, or take the rejection back.
        case toggleReject
        case trash
        /// "Move Rejected to Trash…": asks first (`confirmTrashingRejected`).
        case trashRejected
        case trashRejectedConfirmed
        case openSelected
        /// The two selected photos side by side.
        case compare
        case openWith
        /// The application chosen in the Open With dialog.
        case openWithChosen(ApplicationInfo)
        case showInFiles
        /// Ctrl+C: the photos as files, for a file manager to paste.
        case copyFiles
        /// Ctrl+Shift+C: their paths as text.
        case copyPaths
        /// Copy to… or Move to…: the folder is asked for next.
        case transfer(PhotoTransferMode)
        /// The folder chosen for a copy or a move.
        case transferDestinationChosen(PhotoTransferMode, String)
        /// The answer to "A file named … already exists" during a copy or
        /// a move (nil: stop there); `forAll`: the same for the next ones.
        case clashAnswered(NameClashAnswer?, forAll: Bool)
        /// Folders or photos dropped on the window.
        case dropped([String])
        case grid(PhotoGridView.Intent)
        /// The window is closing (it cannot be kept open).
        case closed
    }

    var onIntent: (Intent) -> Void = { _ in }

    /// The pages the window shows, one at a time.
    enum Page: String, CaseIterable {
        case empty, failed, noResults, grid
    }

    let window: ApplicationWindow
    let profileButton = ProfileButtonView()
    let grid = PhotoGridView()
    let selectionBar = SelectionBarView()
    let windowTitle = WindowTitle(title: AppInfo.name)
    private let header = HeaderBar()
    let search = SearchBarView()
    let toast = ToastView()
    let loadingBar = LoadingBarView()
    private let pages = Stack()
    let emptyPage = StatusPageView(iconName: "folder-pictures-symbolic", buttonLabel: tr("_Open Folder…"),
                                           buttonAction: ActionNames.openFolder)
    let failedPage = StatusPageView(iconName: "dialog-warning-symbolic", buttonLabel: tr("_Open Folder…"),
                                            buttonAction: ActionNames.openFolder)
    let noResultsPage = StatusPageView(iconName: "edit-find-symbolic", buttonLabel: nil, buttonAction: nil)
    var sortKey: Action!
    var sortDirection: Action!
    var minimumRating: Action!
    var rejected: Action!
    var gridZoom: Action!
    /// Actions on the selection: disabled while nothing is selected
    /// (unless they can act on the focused photo: `actingActions`).
    var selectionActions: [Action] = []
    /// Those whose keys a text entry needs too (digits, X, Delete,
    /// Escape, Ctrl+C): disabled also while the search entry has the focus,
    /// as the application's keys are handled before the entry sees them.
    var typingActions: [Action] = []
    /// Selection actions that act on the photo under the keyboard when
    /// nothing is selected.
    var actingActions: [Action] = []
    /// C: enabled while exactly two photos are selected.
    lazy var compareAction = Action(ActionNames.compare) { [weak self] in self?.onIntent(.compare) }
    /// How many photos are selected (among those shown).
    var selectedCount = 0
    /// The list on show, if any (its count is announced after a filter).
    private var shownList: PhotoList?
    var chooser: FileChooser?
    /// The question on show (its wrapper must live until it is answered).
    var question: MessageWindow?

    init(application: Application) {
        window = ApplicationWindow(application: application)
        window.title = AppInfo.name
        window.setTitlebar(makeHeaderBar())
        let gridPage = Overlay(child: grid.root)
        gridPage.addOverlay(loadingBar.root)
        pages.add(emptyPage.root, name: Page.empty.rawValue)
        pages.add(failedPage.root, name: Page.failed.rawValue)
        pages.add(noResultsPage.root, name: Page.noResults.rawValue)
        pages.add(gridPage, name: Page.grid.rawValue)
        let content = Overlay(child: Box(.vertical, [search.root, pages, selectionBar.root]))
        content.addOverlay(toast.root)
        let drop = FileDropTarget()
        drop.onDrop { [weak self] paths in
            self?.onIntent(.dropped(paths))
            return true
        }
        content.addHandler(drop)
        window.setChild(content)
        installActions()
        grid.onIntent = { [weak self] intent in self?.onIntent(.grid(intent)) }
        search.onIntent = { [weak self] intent in
            guard let self else { return }
            switch intent {
            case .search(let text): self.onIntent(.search(text))
            case .openFirstFound: self.onIntent(.openFirstFound)
            case .closed: self.grid.focus()
            }
        }
        toast.onAction = { [weak self] in self?.onIntent(.noticeAction) }
        window.onCloseRequest { [weak self] in
            self?.onIntent(.closed)
            return false
        }
        window.onFocusChanged { [weak self] in self?.updateActionStates() }
        window.onResize { [weak self] in
            self?.fitGridColumns()
            // A maximized window has its new width once it has drawn.
            self?.window.onNextPaint { [weak self] in self?.fitGridColumns() }
        }
    }

    private func makeHeaderBar() -> HeaderBar {
        header.packStart(Button(for: ActionNames.openFolder, iconName: "folder-open-symbolic", label: tr("Open Folder")))
        // Translators: a header bar button (Ctrl+F) that shows the search bar.
        header.packStart(Button(for: ActionNames.search, iconName: "system-search-symbolic", label: tr("Search")))
        let menu = MenuButton(iconName: "open-menu-symbolic", accessibleLabel: tr("Main Menu"), menu: Menus.main())
        menu.isPrimary = true
        header.packEnd(menu)
        header.packEnd(profileButton.button)
        header.packEnd(MenuButton(iconName: "view-sort-descending-symbolic", accessibleLabel: tr("Sort Photos"),
                                  menu: Menus.sort()))
        header.packEnd(MenuButton(iconName: "starred-symbolic", accessibleLabel: tr("Filter by Rating"),
                                  menu: Menus.rating()))
        header.packEnd(MenuButton(iconName: "view-grid-symbolic", accessibleLabel: tr("Thumbnail Size"),
                                  menu: Menus.thumbnailSize()))
        header.setTitleWidget(windowTitle.root)
        return header
    }

    /// F6: the focus goes from the header bar to the window's content and
    /// back (the grid takes a Tab per photo to leave).
    func switchPane() {
        if header.containsFocus {
            if visiblePage == .grid { grid.focus() } else { pages.focusFirstChild() }
        } else {
            header.focusFirstChild()
        }
    }

    private func fitGridColumns() {
        let width = window.isMaximized || window.isFullscreen ? window.width : window.defaultSize.width
        grid.fitColumns(toWidth: width)
    }

    // MARK: Asked by the controller

    func restore(_ state: WindowState) {
        window.defaultSize = (state.width, state.height)
        if state.isMaximized { window.maximize() }
        fitGridColumns()
    }

    /// The size to remember: the unmaximized size, as GTK keeps it.
    var windowState: WindowState {
        let size = window.defaultSize
        return WindowState(width: size.width, height: size.height, isMaximized: window.isMaximized)
    }

    /// Shows `dialog` over this window.
    func present(_ dialog: Window) {
        dialog.setTransientFor(window)
        dialog.present()
    }

    /// A notice at the bottom of the window, with an action button
    /// (reported as `.noticeAction`) when `actionLabel` is given.
    func show(notice: String, actionLabel: String? = nil, seconds: Double = 8) {
        toast.show(notice, actionLabel: actionLabel, seconds: seconds)
    }

    var notice: String? { toast.isShown ? toast.text : nil }

    /// Says how many photos the search and rating filter let through, to
    /// whoever has the focus (the search entry, the rating menu's button).
    func announceResults() {
        guard let list = shownList else { return }
        let text = list.photos.isEmpty && list.total > 0 ? tr("No matching photos") : list.summary
        if !search.announce(text) { window.focusedWidget?.announce(text) }
    }

    var visiblePage: Page? { pages.visibleChildName.flatMap(Page.init(rawValue:)) }

    var subtitle: String { windowTitle.subtitle }

    // MARK: Rendering

    func render(_ state: PhotoListLogic.State) {
        switch state {
        case .idle:
            showStatus(.empty, subtitle: "", title: tr("No photos yet"),
                       description: tr("Open a folder to see its photos here."))
        case .empty(let folder):
            showStatus(.empty, subtitle: folder.name, title: tr("No photos yet"),
                       // Translators: {folder} is the name of the folder opened.
                       description: tr("“{folder}” has no photos Lightbox can show.", ["folder": folder.name]))
        case .failed(let problem):
            showStatus(.failed, subtitle: "", title: problem.title, description: problem.message)
        case .loading(let list, let progress):
            render(list, settled: false)
            loadingBar.render(progress)
        case .presenting(let list):
            render(list, settled: true)
            loadingBar.render(nil)
        }
    }

    private func showStatus(_ page: Page, subtitle: String, title: String, description: String) {
        shownList = nil
        selectionBar.render(nil)
        if selectedCount != 0 {
            selectedCount = 0
            updateActionStates()
        }
        windowTitle.subtitle = subtitle
        (page == .failed ? failedPage : emptyPage).render(title: title, description: description)
        show(page)
        loadingBar.render(nil)
    }

    private func render(_ list: PhotoList, settled: Bool) {
        shownList = list
        if let selection = list.selectionSummary {
            // Translators: the main window's subtitle: the folder's name, how many photos show ("4 of 19 photos"),
            // how many are selected ("2 selected").
            windowTitle.subtitle = tr("{folder} — {summary}, {selection}",
                                      ["folder": list.folder.name, "summary": list.summary, "selection": selection])
        } else {
            // Translators: the main window's subtitle: the folder's name, then how many photos show ("4 of 19 photos").
            windowTitle.subtitle = tr("{folder} — {summary}", ["folder": list.folder.name, "summary": list.summary])
        }
        grid.render(list.photos, selection: list.selection, selectionSummary: list.selectionSummary, settled: settled)
        selectionBar.render(list.selectionSummary)
        if list.selection.count != selectedCount {
            selectedCount = list.selection.count
            updateActionStates()
        }
        if list.photos.isEmpty, list.total > 0 {
            // Translators: {summary} says how many photos the search and rating let through ("0 of 19 photos").
            let description = tr("{summary}. Try another search or rating.", ["summary": list.summary])
            noResultsPage.render(title: tr("No Matching Photos"), description: description)
            show(.noResults)
        } else {
            show(.grid)
        }
    }

    private func show(_ page: Page) {
        let wasGrid = visiblePage == .grid
        guard page != visiblePage else { return }
        // Status pages fade into each other; the grid comes and goes at
        // once. GTK's cairo renderer draws a fade as two window-size
        // layers each frame (2.5 MB apiece at 1024×700), and a fade from
        // the grid is what a new window does when its folder turns out
        // empty: the heap they leave stays with the process.
        pages.show(page.rawValue, animated: page != .grid && !wasGrid)
        if page == .grid, !wasGrid, !search.hasFocus { grid.focus() }
    }
}
