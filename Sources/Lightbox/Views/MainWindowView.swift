import GtkKit
import LightboxCore

/// How a main window looks: the header bar (Open Folder, search, sort,
/// rating filter, the profile button, the main menu) and the page for the
/// current state (empty, failed, the grid). It knows nothing of what
/// opening a folder does; it reports intents and renders states.
@MainActor
final class MainWindowView {
    let window: ApplicationWindow
    let windowTitle = WindowTitle(title: AppInfo.name)
    let profileButton = ProfileButtonView()
    let grid = PhotoGridView()
    let toast = ToastView()
    let loadingBar = LoadingBarView()
    let searchEntry = SearchEntry(accessibleLabel: "Search Photos", placeholder: "Search photos by title")
    private let searchBar: Revealer
    private let pages = Stack()
    let emptyPage = StatusPageView(
        iconName: "folder-pictures-symbolic", buttonLabel: "_Open Folder…", buttonAction: ActionName.openFolder)
    let failedPage = StatusPageView(
        iconName: "dialog-warning-symbolic", buttonLabel: "_Open Folder…", buttonAction: ActionName.openFolder)
    let noResultsPage = StatusPageView(iconName: "edit-find-symbolic", buttonLabel: nil, buttonAction: nil)
    private var sortKey: Action!
    private var sortDirection: Action!
    private var minimumRating: Action!

    /// The person asked to choose a folder (button, menu or Ctrl+O).
    var onOpenFolder: () -> Void = {}
    /// The person asked to close the window; return true to keep it open.
    var onCloseRequest: () -> Bool = { false }
    var onSearch: (String) -> Void = { _ in }
    /// Enter in the search entry: open the first photo found.
    var onSearchActivate: () -> Void = {}
    var onSort: (PhotoOrder) -> Void = { _ in }
    var onMinimumRating: (Int) -> Void = { _ in }

    init(application: Application) {
        window = ApplicationWindow(application: application)
        window.title = AppInfo.name
        let searchBox = Box(.horizontal, [searchEntry])
        searchBox.addCssClass("search-bar")
        searchBox.setMargins(6)
        searchEntry.hexpand = true
        searchBar = Revealer(child: searchBox, transition: .slideDown)
        window.setTitlebar(makeHeaderBar())
        let gridPage = Overlay(child: grid.root)
        gridPage.addOverlay(loadingBar.root)
        pages.add(emptyPage.root, name: "empty")
        pages.add(failedPage.root, name: "failed")
        pages.add(noResultsPage.root, name: "no-results")
        pages.add(gridPage, name: "grid")
        let content = Overlay(child: Box(.vertical, [searchBar, pages]))
        content.addOverlay(toast.root)
        window.setChild(content)
        installActions()
        searchEntry.onSearchChanged { [weak self] text in self?.onSearch(text) }
        searchEntry.connect("stop-search") { [weak self] _ in self?.closeSearch() }
        searchEntry.onActivate { [weak self] in self?.onSearchActivate() }
        searchEntry.onMap { [weak self] in
            guard let self, self.focusSearchWhenMapped else { return }
            self.focusSearchWhenMapped = false
            self.searchEntry.grabFocus()
        }
        window.onCloseRequest { [weak self] in self?.onCloseRequest() ?? false }
        for property in ["default-width", "maximized", "fullscreened"] {
            window.onNotify(property) { [weak self] in
                self?.fitGridColumns()
                // A maximized window has its new width once it has drawn.
                self?.window.onNextPaint { [weak self] in self?.fitGridColumns() }
            }
        }
    }

    private func fitGridColumns() {
        let width = window.isMaximized || window.isFullscreen ? window.width : window.defaultSize.width
        grid.fitColumns(toWidth: width)
    }

    private func makeHeaderBar() -> HeaderBar {
        let open = Button(iconName: "folder-open-symbolic", accessibleLabel: "Open Folder", keys: "<Control>o")
        open.actionName = ActionName.openFolder
        header.packStart(open)
        let search = Button(iconName: "system-search-symbolic", accessibleLabel: "Search", keys: "<Control>f")
        search.actionName = ActionName.search
        header.packStart(search)
        let menu = MenuButton(iconName: "open-menu-symbolic", accessibleLabel: "Main Menu", menu: AppMenus.main())
        menu.isPrimary = true
        header.packEnd(menu)
        header.packEnd(profileButton.button)
        header.packEnd(MenuButton(iconName: "view-sort-descending-symbolic", accessibleLabel: "Sort Photos",
                                  menu: AppMenus.sort()))
        header.packEnd(MenuButton(iconName: "starred-symbolic", accessibleLabel: "Filter by Rating",
                                  menu: AppMenus.rating()))
        header.setTitleWidget(windowTitle.root)
        return header
    }

    private let header = HeaderBar()

    private func installActions() {
        window.addAction(Action("open-folder") { [weak self] in self?.onOpenFolder() })
        window.addAction(Action("close") { [weak self] in self?.window.close() })
        window.addAction(Action("search") { [weak self] in self?.toggleSearch() })
        window.addAction(Action("switch-pane") { [weak self] in self?.switchPane() })
        let keys = ShortcutHandler()
        keys.add("F6", action: "win.switch-pane")
        keys.add("<Shift>F6", action: "win.switch-pane")
        window.addHandler(keys)
        sortKey = Action("sort-key", state: PhotoOrder.standard.key.rawValue) { [weak self] _ in self?.sortChanged() }
        sortDirection = Action("sort-direction", state: "ascending") { [weak self] _ in self?.sortChanged() }
        minimumRating = Action("minimum-rating", state: "0") { [weak self] value in
            self?.onMinimumRating(Int(value) ?? 0)
        }
        [sortKey, sortDirection, minimumRating].forEach { window.addAction($0) }
    }

    private func sortChanged() {
        let key = PhotoOrder.Key(rawValue: sortKey.state ?? "") ?? PhotoOrder.standard.key
        onSort(PhotoOrder(key, ascending: sortDirection.state != "descending"))
    }

    private func toggleSearch() {
        if searchBar.revealsChild, !searchEntry.hasFocus {
            searchEntry.grabFocus()
            return
        }
        searchBar.revealsChild ? closeSearch() : openSearch()
    }

    private func openSearch() {
        searchBar.revealsChild = true
        // Focused before it is drawn, the entry would take the focus
        // without screen readers hearing of it.
        if searchEntry.isMapped { searchEntry.grabFocus() } else { focusSearchWhenMapped = true }
    }

    private var focusSearchWhenMapped = false

    /// F6: the focus goes from the header bar to the window's content and
    /// back (the grid takes a Tab per photo to leave).
    private func switchPane() {
        if header.containsFocus {
            if pages.visibleChildName == "grid" { grid.focus() } else { pages.focusFirstChild() }
        } else {
            header.focusFirstChild()
        }
    }

    /// Says how many photos the search and rating filter let through, to
    /// whoever has the focus (the search entry, the rating menu's button).
    func announceResults() {
        guard let list = shownList else { return }
        let text = list.photos.isEmpty && list.total > 0 ? "No matching photos" : list.summary
        (searchEntry.hasFocus ? searchEntry : window.focusedWidget)?.announce(text)
    }

    private var shownList: PhotoList?

    private func closeSearch() {
        searchBar.revealsChild = false
        searchEntry.text = ""
        grid.focus()
    }

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

    /// "empty", "failed", "no-results" or "grid": the page on show.
    var visiblePage: String? { pages.visibleChildName }

    func render(_ state: PhotoListLogic.State) {
        switch state {
        case .idle:
            shownList = nil
            windowTitle.subtitle = ""
            emptyPage.render(title: "No photos yet", description: "Open a folder to see its photos here.")
            show(page: "empty")
            loadingBar.render(nil)
        case .empty(let folder):
            shownList = nil
            windowTitle.subtitle = folder.name
            emptyPage.render(title: "No photos yet", description: "“\(folder.name)” has no photos Lightbox can show.")
            show(page: "empty")
            loadingBar.render(nil)
        case .failed(let problem):
            shownList = nil
            windowTitle.subtitle = ""
            failedPage.render(title: problem.title, description: problem.message)
            show(page: "failed")
            loadingBar.render(nil)
        case .loading(let list, let progress):
            render(list)
            loadingBar.render(progress)
        case .presenting(let list):
            render(list)
            loadingBar.render(nil)
        }
    }

    private func render(_ list: PhotoList) {
        shownList = list
        windowTitle.subtitle = "\(list.folder.name) — \(list.summary)"
        grid.render(list.photos)
        if list.photos.isEmpty, list.total > 0 {
            noResultsPage.render(title: "No Matching Photos", description: "\(list.summary). Try another search or rating.")
            show(page: "no-results")
        } else {
            show(page: "grid")
        }
    }

    private func show(page: String) {
        let wasGrid = pages.visibleChildName == "grid"
        guard page != pages.visibleChildName else { return }
        // Status pages fade into each other; the grid comes at once: it
        // fills as photos arrive, and a fade would redraw the whole
        // window twice over on every frame while it does.
        pages.show(page, animated: page != "grid")
        if page == "grid", !wasGrid, !searchEntry.hasFocus { grid.focus() }
    }
}
