import Foundation
import GtkKit
import LightboxCore
import Localization

/// How a main window looks: the header bar (Open Folder, search, sort,
/// rating filter, the profile button, the main menu), the search bar, the
/// page for the current state (empty, failed, no results, the grid) and
/// notices. It knows nothing of what opening a folder does: it reports
/// intents, renders its state, and performs the one-shot effects it is
/// given (its actions and dialogs are MainWindowActions and
/// MainWindowDialogs).
@MainActor
final class MainWindowView {
    enum Intent {
        /// What the window's logic does (see PhotoListLogic.Intent).
        case list(PhotoListLogic.Intent)
        /// A cell now shows `photo`: a thumbnail already in memory can be
        /// shown at once (`.thumbnail`), before the cell is drawn.
        case cellBound(Photo)
        /// The cells waiting for a thumbnail, those on screen first.
        case thumbnailsWanted(onScreen: [Photo], nearby: [Photo])
    }

    typealias State = PhotoListLogic.State

    /// What the window does once, when told.
    enum Effect {
        case present
        case close
        /// The size kept from the last window.
        case restoreSize(WindowState)
        /// A thumbnail (or why there is none) for the cells showing `photo`.
        case thumbnail(Result<Texture, ThumbnailError>, for: Photo)
    }

    var onIntent: (Intent) -> Void = { _ in }

    /// The pages the window shows, one at a time.
    enum Page: String, CaseIterable {
        case empty, failed, noResults, grid
    }

    let window: ApplicationWindow
    private let profileButton = ProfileButtonView()
    /// The folders inside the one shown and the recent ones (F9).
    let sidebar = FolderSidebarView()
    /// Where the folder is, from the home folder down.
    let pathBar = PathBarView()
    /// "Sort by Date Taken", once dates waited.
    let datesWaiting = DatesWaitingView()
    /// Back and Forward, side by side.
    private let history = Box(.horizontal, spacing: 0)
    /// The header bar's filter menu (rating, rejected, labels, file kind,
    /// keyword, camera).
    private let filterMenu = FilterMenuView()
    private let grid = PhotoGridView()
    private let selectionBar = SelectionBarView()
    let windowTitle = WindowTitle(title: AppInfo.name)
    private let header = HeaderBar()
    private let search = SearchBarView()
    private let toast = ToastView()
    let loadingBar = LoadingBarView()
    private let pages = Stack()
    let emptyPage = StatusPageView(iconName: "folder-pictures-symbolic", buttonLabel: tr("_Open Folder…"),
                                           buttonAction: ActionNames.openFolder)
    let failedPage = StatusPageView(iconName: "dialog-warning-symbolic", buttonLabel: tr("_Open Folder…"),
                                            buttonAction: ActionNames.openFolder)
    private let noResultsPage = StatusPageView(iconName: "edit-find-symbolic", buttonLabel: nil, buttonAction: nil)
    /// Lazy, as their handlers report to this view; made in `init`.
    private lazy var actions = MainWindowActions(
        window: window, grid: grid, search: search, switchPane: { [weak self] in self?.switchPane() },
        send: { [weak self] in self?.send($0) })
    private lazy var dialogs = MainWindowDialogs(window: window, send: { [weak self] in self?.send($0) })
    /// Hears what the window shows (the benchmark's milestones); nil in normal use.
    private let observer: MainWindowObserving?
    /// The list on show, if any (its count is announced after a filter).
    private var shownList: PhotoList?
    /// The profile the header bar shows.
    private var shownProfile: Profile?
    /// The notice and the question shown last (a state that still carries
    /// them does not show them again).
    private var shownNotice: Int?
    private var shownQuestion: Int?
    /// The filter menu's choices shown last.
    private var shownChoices: FilterChoices?

    init(application: Application, observer: MainWindowObserving? = nil) {
        self.observer = observer
        window = ApplicationWindow(application: application)
        window.title = AppInfo.name
        window.setTitlebar(makeHeaderBar())
        let gridPage = Overlay(child: grid.root)
        gridPage.addOverlay(loadingBar.root)
        pages.add(emptyPage.root, name: Page.empty.rawValue)
        pages.add(failedPage.root, name: Page.failed.rawValue)
        pages.add(noResultsPage.root, name: Page.noResults.rawValue)
        pages.add(gridPage, name: Page.grid.rawValue)
        let main = Box(.vertical, [pathBar.root, search.root, datesWaiting.root, pages, selectionBar.root])
        main.hexpand = true
        let content = Overlay(child: Box(.horizontal, [sidebar.root, main]))
        sidebar.onIntent = { [weak self] intent in
            switch intent {
            case .open(let path): self?.send(.openFolderAt(path))
            }
        }
        pathBar.onIntent = { [weak self] intent in
            switch intent {
            case .open(let path): self?.send(.openFolderAt(path))
            }
        }
        filterMenu.onIntent = { [weak self] intent in
            switch intent {
            case .opened: self?.send(.filterMenuOpened)
            }
        }
        let backForward = BackForwardHandler()
        backForward.onPress { [weak self] forward in self?.send(forward ? .goForward : .goBack) }
        window.addHandler(backForward)
        content.addOverlay(toast.root)
        let drop = FileDropTarget()
        drop.onDrop { [weak self] paths in
            self?.send(.dropped(paths))
            return true
        }
        content.addHandler(drop)
        window.setChild(content)
        // The window's actions, there before its buttons and keys are used.
        _ = actions
        window.addAction(sidebarAction)
        grid.onIntent = { [weak self] intent in self?.gridReported(intent) }
        search.onIntent = { [weak self] intent in
            guard let self else { return }
            switch intent {
            case .search(let text): self.send(.search(text))
            case .openFirstFound: self.send(.openFirstFound)
            case .closed: self.grid.focus()
            }
        }
        toast.onIntent = { [weak self] intent in
            switch intent {
            case .buttonPressed: self?.send(.noticeButtonPressed)
            }
        }
        window.onCloseRequest { [weak self] in
            guard let self else { return false }
            self.send(.close(self.windowState))
            return false
        }
        window.onFocusChanged { [weak self] in self?.actions.updateStates() }
        window.onResize { [weak self] in
            self?.fitGridColumns()
            // A maximized window has its new width once it has drawn.
            self?.window.onNextPaint { [weak self] in self?.fitGridColumns() }
        }
    }

    private func send(_ intent: PhotoListLogic.Intent) { onIntent(.list(intent)) }

    private func gridReported(_ intent: PhotoGridView.Intent) {
        switch intent {
        case .open(let photo): send(.open(photo))
        case .selectionChanged(let paths): send(.select(paths))
        case .cellBound(let photo): onIntent(.cellBound(photo))
        case .thumbnailsWanted(let onScreen, let nearby): onIntent(.thumbnailsWanted(onScreen: onScreen, nearby: nearby))
        case .screenFilled(let cells): observer?.screenFilled(cells: cells, in: grid)
        case .scrolled: send(.scrolled)
        }
    }

    private func makeHeaderBar() -> HeaderBar {
        // Translators: header bar buttons (Alt+Left, Alt+Right): the folder shown before, and back again.
        let back = Button(for: ActionNames.goBack, iconName: "go-previous-symbolic", label: tr("Back"))
        let forward = Button(for: ActionNames.goForward, iconName: "go-next-symbolic", label: tr("Forward"))
        history.append(back)
        history.append(forward)
        history.addCssClass("linked")
        // Shown once there is somewhere to go (see `render`): until then
        // the header bar keeps the room a narrow window needs.
        history.isVisible = false
        header.packStart(history)
        header.packStart(Button(for: ActionNames.openFolder, iconName: "folder-open-symbolic", label: tr("Open Folder")))
        // Translators: a header bar button (Ctrl+F) that shows the search bar.
        header.packStart(Button(for: ActionNames.toggleSearch, iconName: "system-search-symbolic", label: tr("Search")))
        let menu = MenuButton(iconName: "open-menu-symbolic", accessibleLabel: tr("Main Menu"), menu: Menus.main())
        menu.isPrimary = true
        header.packEnd(menu)
        header.packEnd(profileButton.button)
        header.packEnd(MenuButton(iconName: "view-sort-descending-symbolic", accessibleLabel: tr("Sort Photos"),
                                  menu: Menus.sort()))
        header.packEnd(filterMenu.button)
        header.packEnd(MenuButton(iconName: "view-grid-symbolic", accessibleLabel: tr("Thumbnail Size"),
                                  menu: Menus.thumbnailSize()))
        header.setTitleWidget(windowTitle.root)
        return header
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

    /// `animated` when the person showed or hid the side panel; a new size
    /// shows or hides it at once.
    private func fitGridColumns(animated: Bool = false) {
        let width = window.isMaximized || window.isFullscreen ? window.width : window.defaultSize.width
        // The side panel gives way in a narrow window (a phone's 360 px),
        // where the photos need the room; F9 brings it back.
        sidebar.show(sidebarWanted && width >= MainWindowView.narrowest, animated: animated)
        let photosWidth = width - (sidebar.isShown ? FolderSidebarView.width : 0)
        grid.fitColumns(toWidth: photosWidth)
        selectionBar.fit(toWidth: photosWidth)
    }

    /// Whether the person wants the side panel (F9), where it fits: at
    /// first yes, so that the folders are in sight (`WindowState`), then
    /// as the person last chose (`restoreSize`, `windowState`).
    private var sidebarWanted = WindowState.standard.showsSidebar
    private lazy var sidebarAction = Action(ActionNames.sidebar, isOn: sidebarWanted) { [weak self] on in
        guard let self else { return }
        self.sidebarWanted = on
        self.fitGridColumns(animated: true)
    }
    /// Below this width the side panel gives way.
    static let narrowest = 700

    // MARK: Effects

    func perform(_ effect: Effect) {
        switch effect {
        case .present:
            window.present()
            observer?.presented(window)
        case .close: window.close()
        case .restoreSize(let state):
            // Before the size: a new size fits the columns at once.
            sidebarWanted = state.showsSidebar
            sidebarAction.boolState = state.showsSidebar
            window.defaultSize = (state.width, state.height)
            if state.isMaximized { window.maximize() }
            fitGridColumns()
        case .thumbnail(let thumbnail, let photo): grid.showThumbnail(thumbnail, for: photo)
        }
    }

    /// The size to remember: the unmaximized size, as GTK keeps it.
    var windowState: WindowState {
        let size = window.defaultSize
        return WindowState(width: size.width, height: size.height, isMaximized: window.isMaximized,
                           showsSidebar: sidebarWanted)
    }

    private func show(_ notice: Notice) {
        let label: String? = switch notice.button {
        case .undo: tr("_Undo")
        case .cancel: tr("_Cancel")
        case nil: nil
        }
        toast.show(notice.text, actionLabel: label, seconds: notice.seconds)
    }

    var notice: String? { toast.isShown ? toast.text : nil }

    /// What the logic has the window do once.
    func show(_ effect: PhotoListLogic.Effect) {
        switch effect {
        case .announceResults: announceResults()
        case .reveal(let path): grid.reveal(path: path)
        case .copyFiles(let paths): window.copyToClipboard(files: paths)
        case .copyText(let text): window.copyToClipboard(text: text)
        }
    }

    /// Asks the question, once per question asked.
    private func render(_ question: Told<PhotoListLogic.Question>?) {
        guard let question, question.id != shownQuestion else { return }
        shownQuestion = question.id
        switch question.value {
        case .folder(let folder): dialogs.chooseFolder(startingIn: folder)
        case .destination(let mode, let folder): dialogs.chooseDestination(for: mode, startingIn: folder)
        case .application(let files): dialogs.openWith(files)
        case .trashRejected(let count): dialogs.confirmTrashingRejected(count: count)
        case .clash(let clash): dialogs.ask(about: clash)
        case .keyword(let count, let suggestions): dialogs.askKeyword(for: count, suggestions: suggestions)
        case .keywordToRemove(let keywords): dialogs.askKeywordToRemove(among: keywords)
        }
    }

    /// Says how many photos the search and rating filter let through, to
    /// whoever has the focus (the search entry, the rating menu's button).
    private func announceResults() {
        guard let list = shownList else { return }
        let text = list.photos.isEmpty && list.total > 0 ? tr("No matching photos") : list.summary
        if !search.announce(text) { window.focusedWidget?.announce(text) }
    }

    var visiblePage: Page? { pages.visibleChildName.flatMap(Page.init(rawValue:)) }

    var subtitle: String { windowTitle.subtitle }

    // MARK: Rendering

    func render(_ state: State) {
        actions.show(order: state.order, filter: state.filter, zoom: state.zoom)
        if state.profile != shownProfile {
            shownProfile = state.profile
            profileButton.render(state.profile)
        }
        sidebar.render(state.navigation)
        pathBar.render(state.navigation)
        let wentSomewhere = state.navigation.canGoBack || state.navigation.canGoForward
        if history.isVisible != wentSomewhere { history.isVisible = wentSomewhere }
        actions.show(navigation: state.navigation)
        renderList(state.content, selectionIsRejected: state.selectionIsRejected)
        if let choices = state.filterChoices, choices != shownChoices {
            shownChoices = choices
            filterMenu.show(choices)
        }
        if let notice = state.notice, notice.id != shownNotice {
            shownNotice = notice.id
            show(notice.value)
        }
        render(state.question)
        observer?.shown(state.content, in: grid)
    }

    private func renderList(_ state: State.Content, selectionIsRejected: Bool) {
        // Paste copies into the folder shown, even one with no photos yet.
        let folderShown = switch state {
        case .idle, .failed: false
        case .empty, .loading, .presenting: true
        }
        actions.show(folderShown: folderShown)
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
            render(list, settled: false, selectionIsRejected: selectionIsRejected)
            loadingBar.render(progress)
        case .presenting(let list):
            render(list, settled: true, selectionIsRejected: selectionIsRejected)
            loadingBar.render(nil)
        }
    }

    private func showStatus(_ page: Page, subtitle: String, title: String, description: String) {
        shownList = nil
        datesWaiting.render(waiting: false)
        selectionBar.render(nil)
        actions.show(selectedCount: 0)
        windowTitle.subtitle = subtitle
        (page == .failed ? failedPage : emptyPage).render(title: title, description: description)
        show(page)
        loadingBar.render(nil)
    }

    private func render(_ list: PhotoList, settled: Bool, selectionIsRejected: Bool) {
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
        grid.render(list.photos, selection: list.selection, selectionSummary: list.selectionSummary,
                    selectionIsRejected: selectionIsRejected, settled: settled)
        if datesWaiting.render(waiting: list.datesWaiting) { window.focusedWidget?.announce(datesWaiting.text) }
        selectionBar.render(list.selectionSummary, count: list.selection.count, allRejected: selectionIsRejected)
        actions.show(selectedCount: list.selection.count)
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
