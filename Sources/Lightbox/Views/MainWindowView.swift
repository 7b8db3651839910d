import GtkKit
import LightboxCore

/// How a main window looks: the header bar (Open Folder, the profile
/// button, the main menu) and the page for the current state. It knows
/// nothing of what opening a folder does; it reports intents.
@MainActor
final class MainWindowView {
    let window: ApplicationWindow
    let windowTitle = WindowTitle(title: AppInfo.name)
    private let pages = Stack()
    let emptyPage = StatusPageView(
        iconName: "folder-pictures-symbolic", buttonLabel: "_Open Folder…", buttonAction: ActionName.openFolder)
    let failedPage = StatusPageView(
        iconName: "dialog-warning-symbolic", buttonLabel: "_Open Folder…", buttonAction: ActionName.openFolder)

    /// The person asked to choose a folder (button, menu or Ctrl+O).
    var onOpenFolder: () -> Void = {}
    /// The person asked to close the window; return true to keep it open.
    var onCloseRequest: () -> Bool = { false }

    init(application: Application) {
        window = ApplicationWindow(application: application)
        window.title = AppInfo.name
        window.setTitlebar(makeHeaderBar())
        window.setHelpOverlay(ShortcutsWindow(groups: AppMenus.shortcuts))
        pages.add(emptyPage.root, name: "empty")
        pages.add(failedPage.root, name: "failed")
        window.setChild(pages)
        installActions()
        window.onCloseRequest { [weak self] in self?.onCloseRequest() ?? false }
    }

    private func makeHeaderBar() -> HeaderBar {
        let header = HeaderBar()
        let open = Button(iconName: "folder-open-symbolic", accessibleLabel: "Open Folder",
                          tooltip: "Open Folder… (Ctrl+O)")
        open.actionName = ActionName.openFolder
        header.packStart(open)
        let menu = MenuButton(iconName: "open-menu-symbolic", accessibleLabel: "Main Menu", menu: AppMenus.main())
        menu.isPrimary = true
        header.packEnd(menu)
        let profile = Button(iconName: "avatar-default-symbolic", accessibleLabel: "Edit Profile",
                             tooltip: "Edit Profile… (Ctrl+,)")
        profile.actionName = ActionName.editProfile
        header.packEnd(profile)
        header.setTitleWidget(windowTitle.root)
        return header
    }

    private func installActions() {
        window.addAction(Action("open-folder") { [weak self] in self?.onOpenFolder() })
        window.addAction(Action("close") { [weak self] in self?.window.close() })
    }

    func restore(_ state: WindowState) {
        window.defaultSize = (state.width, state.height)
        if state.isMaximized { window.maximize() }
    }

    /// The size to remember: the unmaximized size, as GTK keeps it.
    var windowState: WindowState {
        let size = window.defaultSize
        return WindowState(width: size.width, height: size.height, isMaximized: window.isMaximized)
    }

    /// "empty" or "failed": the page on show.
    var visiblePage: String? { pages.visibleChildName }

    func render(_ state: BrowserLogic.State) {
        switch state {
        case .empty:
            windowTitle.subtitle = ""
            emptyPage.render(title: "No photos yet", description: "Open a folder to see its photos here.")
            pages.visibleChildName = "empty"
        case .presenting(let folder):
            windowTitle.subtitle = folder.name
            emptyPage.render(title: "No photos yet", description: "Photos in “\(folder.name)” will appear here.")
            pages.visibleChildName = "empty"
        case .failed(let problem):
            windowTitle.subtitle = ""
            failedPage.render(title: problem.title, description: problem.message)
            pages.visibleChildName = "failed"
        }
    }
}
