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
    }

    let application: Application
    private let windowStates: WindowStateStore
    private var mainWindows: [MainWindowController] = []
    private var folderChooser: FileChooser?

    init(application: Application, directories: XDGDirectories = XDGDirectories()) {
        self.application = application
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
        }
    }

    // MARK: Start-up and command line

    private func startup() {
        Style.load()
        installActions()
    }

    private func installActions() {
        application.addAction(GtkKit.Action("quit") { [weak self] in self?.quit() })
        application.addAction(GtkKit.Action("new-window") { [weak self] in self?.newMainWindow().present() })
        application.addAction(GtkKit.Action("about") { [weak self] in self?.showAbout() })
        let profile = GtkKit.Action("edit-profile") {}
        profile.isEnabled = false
        application.addAction(profile)
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
        let state = controller.open(path: path)
        controller.present()
        if case .failed(let problem) = state {
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
        let controller = MainWindowController(view: view) { [weak self] action in self?.handle(action) }
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

    private func showAbout() {
        let about = AboutDialog(AboutInfo(
            programName: AppInfo.name, version: AppInfo.version, comments: AppInfo.summary,
            website: AppInfo.website, iconName: AppInfo.id, authors: ["The Lightbox developers"],
            copyright: "© 2026 The Lightbox developers"), parent: mainWindows.last?.view.window)
        about.present()
    }

    private func quit() {
        // Closing each window saves its state, as the close button does.
        for controller in mainWindows { controller.view.window.close() }
        application.quit()
    }
}
