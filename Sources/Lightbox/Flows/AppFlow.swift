import GtkKit
import LightboxCore

/// Creates, presents and closes Lightbox's windows. Controllers reach it
/// only through `Action`; it owns every controller it creates.
@MainActor
final class AppFlow {
    /// What a controller can ask of the flow.
    enum Action {
        case chooseFolder(for: MainWindowController)
        case windowClosing(MainWindowController)
        case openPhoto(path: String, from: MainWindowController)
        case photoWindowClosing(PhotoWindowController)
        case trashPhoto(path: String, from: PhotoWindowController)
        /// "Set as Profile Photo": the profile window opens in editing with
        /// this photo as the pending avatar (Save keeps it).
        case setProfilePhoto(path: String)
        case profileWindowClosing(ProfileWindowController)
    }

    let application: Application
    private let directories: XDGDirectories
    private lazy var services = AppServices(directories: directories)
    /// Whether a window told that the library could not be opened.
    private var indexProblemAnnounced = false
    private let windowStates: WindowStateStore
    private var mainWindows: [MainWindowController] = []
    /// Open photo windows (see AppFlow+Photos).
    var photoWindows: [PhotoWindowController] = []
    private var folderChooser: FileChooser?
    private var shortcutsWindow: ShortcutsWindow?
    /// The one shared profile every window shows (see AppFlow+Profile).
    private(set) lazy var profile = makeProfileModel(directories: directories)
    /// The profile window, while it is open.
    var profileWindow: ProfileWindowController?

    init(application: Application, directories: XDGDirectories = XDGDirectories()) {
        self.application = application
        self.directories = directories
        windowStates = WindowStateStore(directories: directories)
        application.onStartup { [weak self] in self?.startup() }
        application.onHandleLocalOptions { options in
            guard options.contains("version") else { return nil }
            print("\(AppInfo.executable) \(AppInfo.version)")
            return 0
        }
        application.onCommandLine { [weak self] invocation in
            self?.handle(invocation) ?? 1
        }
        application.addVersionOption(description: "Show the version and exit")
        application.setHelp(parameter: "[FOLDER]", summary: "Open FOLDER to browse the photos in it.")
    }

    func handle(_ action: Action) {
        switch action {
        case .chooseFolder(let controller):
            chooseFolder(for: controller)
        case .windowClosing(let controller):
            try? windowStates.save(controller.view.windowState)
            mainWindows.removeAll { $0 === controller }
        case .openPhoto(let path, let controller):
            openPhoto(path: path, from: controller)
        case .photoWindowClosing(let controller):
            photoWindowClosed(controller)
        case .trashPhoto(let path, let controller):
            trashPhoto(path: path, from: controller)
        case .setProfilePhoto(let path):
            setProfilePhoto(path: path)
        case .profileWindowClosing(let controller):
            profileWindowClosed(controller)
        }
    }

    // MARK: Start-up and command line

    private func startup() {
        Style.load()
        installActions()
        loadProfile()
    }

    private func installActions() {
        application.addAction(GtkKit.Action("quit") { [weak self] in self?.quit() })
        application.addAction(GtkKit.Action("new-window") { [weak self] in self?.newMainWindow().present() })
        application.addAction(GtkKit.Action("about") { [weak self] in self?.showAbout() })
        application.addAction(GtkKit.Action("shortcuts") { [weak self] in self?.showShortcuts() })
        application.addAction(GtkKit.Action("edit-profile") { [weak self] in self?.showProfile() })
        for (action, keys) in ActionName.accelerators {
            application.setAccelerators(keys, for: action)
        }
    }

    /// Every launch lands here, in the primary instance. A folder argument
    /// opens in a window; a bad one is reported on the launching terminal
    /// and in the window, and makes that launch exit with status 1.
    private func handle(_ invocation: CommandLineInvocation) -> Int32 {
        let paths = invocation.paths
        guard let path = paths.first else {
            (mainWindows.last ?? newMainWindow()).present()
            return 0
        }
        if paths.count > 1 {
            invocation.printError("\(AppInfo.executable): only one FOLDER can be opened at a time; opening “\(path)”\n")
        }
        let controller = windowForNewFolder()
        controller.open(path: path)
        controller.present()
        if case .failure(let problem) = Folder.open(path: path) {
            invocation.printError("\(AppInfo.executable): \(problem.message)\n")
            return 1
        }
        return 0
    }

    /// The active window when it shows no folder yet, else a new window.
    private func windowForNewFolder() -> MainWindowController {
        if let last = mainWindows.last, last.folder == nil { return last }
        return newMainWindow()
    }

    // MARK: Windows

    @discardableResult
    private func newMainWindow() -> MainWindowController {
        let view = MainWindowView(application: application)
        view.restore(windowStates.load())
        view.window.onNextPaint {
            Milestones.reach("first-frame")
            Milestones.watchStalls()
        }
        let controller = MainWindowController(view: view, services: services) { [weak self] action in
            self?.handle(action)
        }
        controller.showProfile(of: profile)
        if let problem = services.indexProblem, !indexProblemAnnounced {
            indexProblemAnnounced = true
            controller.view.toast.show(problem, seconds: 30)
        }
        mainWindows.append(controller)
        return controller
    }

    private func chooseFolder(for controller: MainWindowController) {
        folderChooser?.cancel()
        let chooser = FileChooser(title: "Open Folder", parent: controller.view.window,
                                  mode: .selectFolder, acceptLabel: "_Open")
        if let folder = controller.folder { chooser.setCurrentFolder(path: folder.url.path) }
        folderChooser = chooser
        chooser.show { [weak self, weak controller] path in
            self?.folderChooser = nil
            if let path { controller?.open(path: path) }
        }
    }

    /// The Keyboard Shortcuts window, made on first use (building it at
    /// start-up would delay the first frame) and kept, hidden, afterwards.
    private func showShortcuts() {
        let window = shortcutsWindow ?? ShortcutsWindow(groups: AppMenus.shortcuts)
        window.hidesOnClose = true
        window.setTransientFor(mainWindows.last?.view.window)
        shortcutsWindow = window
        window.present()
    }

    private func showAbout() {
        let about = AboutDialog(AboutInfo(
            programName: AppInfo.name, version: AppInfo.version, comments: AppInfo.summary,
            website: AppInfo.website, iconName: AppInfo.id, authors: ["The Lightbox developers"],
            copyright: "© 2026 The Lightbox developers"), parent: mainWindows.last?.view.window)
        about.present()
    }

    private func quit() {
        // Unsaved profile edits are asked about first; quitting goes on after.
        guard profileAllowsQuit(then: { [weak self] in self?.quit() }) else { return }
        // Closing each window saves its state, as the close button does.
        for controller in mainWindows { controller.view.window.close() }
        application.quit()
    }
}
