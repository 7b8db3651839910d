import GtkKit
import LightboxCore

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
        case minimumRating(Int)
        case rejected(PhotoFilter.Rejected)
        /// The notice's action button ("Undo").
        case noticeAction
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
    let windowTitle = WindowTitle(title: AppInfo.name)
    private let header = HeaderBar()
    private let search = SearchBarView()
    let toast = ToastView()
    let loadingBar = LoadingBarView()
    private let pages = Stack()
    let emptyPage = StatusPageView(iconName: "folder-pictures-symbolic", buttonLabel: "_Open Folder…",
                                           buttonAction: ActionNames.openFolder)
    let failedPage = StatusPageView(iconName: "dialog-warning-symbolic", buttonLabel: "_Open Folder…",
                                            buttonAction: ActionNames.openFolder)
    let noResultsPage = StatusPageView(iconName: "edit-find-symbolic", buttonLabel: nil, buttonAction: nil)
    private var sortKey: Action!
    private var sortDirection: Action!
    /// The list on show, if any (its count is announced after a filter).
    private var shownList: PhotoList?
    private var chooser: FileChooser?

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
        let content = Overlay(child: Box(.vertical, [search.root, pages]))
        content.addOverlay(toast.root)
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
        window.onResize { [weak self] in
            self?.fitGridColumns()
            // A maximized window has its new width once it has drawn.
            self?.window.onNextPaint { [weak self] in self?.fitGridColumns() }
        }
    }

    private func makeHeaderBar() -> HeaderBar {
        header.packStart(Button(for: ActionNames.openFolder, iconName: "folder-open-symbolic", label: "Open Folder"))
        header.packStart(Button(for: ActionNames.search, iconName: "system-search-symbolic", label: "Search"))
        let menu = MenuButton(iconName: "open-menu-symbolic", accessibleLabel: "Main Menu", menu: Menus.main())
        menu.isPrimary = true
        header.packEnd(menu)
        header.packEnd(profileButton.button)
        header.packEnd(MenuButton(iconName: "view-sort-descending-symbolic", accessibleLabel: "Sort Photos",
                                  menu: Menus.sort()))
        header.packEnd(MenuButton(iconName: "starred-symbolic", accessibleLabel: "Filter by Rating",
                                  menu: Menus.rating()))
        header.setTitleWidget(windowTitle.root)
        return header
    }

    private func installActions() {
        window.addAction(Action(ActionNames.openFolder) { [weak self] in self?.onIntent(.openFolder) })
        window.addAction(Action(ActionNames.closeWindow) { [weak self] in self?.window.close() })
        window.addAction(Action(ActionNames.search) { [weak self] in self?.search.toggle() })
        window.addAction(Action(ActionNames.switchPane) { [weak self] in self?.switchPane() })
        sortKey = Action(ActionNames.sortKey, state: PhotoOrder.standard.key.rawValue) { [weak self] _ in
            self?.sortChanged()
        }
        sortDirection = Action(ActionNames.sortDirection, state: "ascending") { [weak self] _ in self?.sortChanged() }
        let minimumRating = Action(ActionNames.minimumRating, state: "0") { [weak self] value in
            self?.onIntent(.minimumRating(Int(value) ?? 0))
        }
        let rejected = Action(ActionNames.rejected, state: "shown") { [weak self] value in
            self?.onIntent(.rejected(value == "hidden" ? .hidden : value == "only" ? .only : .shown))
        }
        [sortKey, sortDirection, minimumRating, rejected].forEach { window.addAction($0) }
    }

    private func sortChanged() {
        let key = PhotoOrder.Key(rawValue: sortKey.state ?? "") ?? PhotoOrder.standard.key
        onIntent(.sort(PhotoOrder(key, ascending: sortDirection.state != "descending")))
    }

    /// F6: the focus goes from the header bar to the window's content and
    /// back (the grid takes a Tab per photo to leave).
    private func switchPane() {
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

    /// The folder chooser, starting in `folder`; the choice comes back as
    /// `.folderChosen`.
    func chooseFolder(startingIn folder: String?) {
        chooser?.cancel()
        let chooser = FileChooser(title: "Open Folder", parent: window, mode: .selectFolder, acceptLabel: "_Open")
        if let folder { chooser.setCurrentFolder(path: folder) }
        self.chooser = chooser
        chooser.show { [weak self] path in
            self?.chooser = nil
            if let path { self?.onIntent(.folderChosen(path)) }
        }
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
        let text = list.photos.isEmpty && list.total > 0 ? "No matching photos" : list.summary
        if !search.announce(text) { window.focusedWidget?.announce(text) }
    }

    var visiblePage: Page? { pages.visibleChildName.flatMap(Page.init(rawValue:)) }

    var subtitle: String { windowTitle.subtitle }

    // MARK: Rendering

    func render(_ state: PhotoListLogic.State) {
        switch state {
        case .idle:
            showStatus(.empty, subtitle: "", title: "No photos yet",
                       description: "Open a folder to see its photos here.")
        case .empty(let folder):
            showStatus(.empty, subtitle: folder.name, title: "No photos yet",
                       description: "“\(folder.name)” has no photos Lightbox can show.")
        case .failed(let problem):
            showStatus(.failed, subtitle: "", title: problem.title, description: problem.message)
        case .loading(let list, let progress):
            render(list)
            loadingBar.render(progress)
        case .presenting(let list):
            render(list)
            loadingBar.render(nil)
        }
    }

    private func showStatus(_ page: Page, subtitle: String, title: String, description: String) {
        shownList = nil
        windowTitle.subtitle = subtitle
        (page == .failed ? failedPage : emptyPage).render(title: title, description: description)
        show(page)
        loadingBar.render(nil)
    }

    private func render(_ list: PhotoList) {
        shownList = list
        windowTitle.subtitle = "\(list.folder.name) — \(list.summary)"
        grid.render(list.photos)
        if list.photos.isEmpty, list.total > 0 {
            noResultsPage.render(title: "No Matching Photos", description: "\(list.summary). Try another search or rating.")
            show(.noResults)
        } else {
            show(.grid)
        }
    }

    private func show(_ page: Page) {
        let wasGrid = visiblePage == .grid
        guard page != visiblePage else { return }
        // Status pages fade into each other; the grid comes at once: it
        // fills as photos arrive, and a fade would redraw the whole
        // window twice over on every frame while it does.
        pages.show(page.rawValue, animated: page != .grid)
        if page == .grid, !wasGrid, !search.hasFocus { grid.focus() }
    }
}
