import Foundation
import GtkKit
import Imaging
import LightboxCore
import Localization

/// Creates, presents and closes Lightbox's windows, and routes what one
/// window's controller asks (`AppAction`) to another. It owns every
/// controller it creates and no domain logic: the controllers' logic does
/// that work.
@MainActor
final class AppFlow {
    let application: Application
    private let directories: XDGDirectories
    private(set) lazy var services: AppServices = {
        servicesStarted = true
        return AppServices(directories: directories, settings: settings)
    }()
    private var servicesStarted = false
    /// Whether a window told that the library could not be opened.
    private var indexProblemAnnounced = false
    /// Preferences and what is remembered between runs (GSettings).
    let settings: AppSettings
    private(set) var mainWindows: [MainWindowController] = []
    /// Open photo windows and the main window each steps through.
    var photoWindows: [PhotoWindow] = []
    /// Open compare windows.
    var compareWindows: [CompareWindowController] = []
    private var shortcutsWindow: ShortcutsWindow?
    /// The one shared profile every window shows (see AppFlow+Profile).
    private(set) lazy var profile = makeProfileModel(directories: directories)
    /// The profile window, while it is open.
    var profileWindow: ProfileWindowController?
    /// The preferences window, while it is open.
    private(set) var preferencesWindow: PreferencesWindowController?

    struct PhotoWindow {
        let controller: PhotoWindowController
        weak var owner: MainWindowController?
    }

    init(application: Application, directories: XDGDirectories = XDGDirectories(),
         settings: AppSettings = AppSettings()) {
        self.application = application
        self.directories = directories
        self.settings = settings
        if !settings.isKept {
            FileHandle.standardError.write(Data("lightbox: settings cannot be kept (no \(AppSettings.schemaID) schema, or no desktop settings backend); preferences last until Lightbox quits\n".utf8)) // untranslated: a log line
        }
        // Lightbox kept these in files of its own before.
        settings.migrateFiles(in: directories)
        application.onStartup { [weak self] in self?.startup() }
        application.onHandleLocalOptions { options in
            guard options.contains("version") else { return nil }
            print("\(AppInfo.executable) \(AppInfo.version)")
            return 0
        }
        application.onCommandLine { [weak self] invocation in
            self?.handle(invocation) ?? 1
        }
        // Translators: --help's description of --version.
        application.addVersionOption(description: tr("Show the version and exit"))
        // Translators: --help's usage line's arguments; FOLDER and PHOTO are named in the text that follows.
        application.setHelp(parameter: tr("[FOLDER|PHOTO…]"), summary: [
            // Translators: --help's text; FOLDER and PHOTO are the arguments in the usage line.
            tr("Open each FOLDER in a window to browse the photos in it."),
            // Translators: --help's text; FOLDER and PHOTO are the arguments in the usage line.
            tr("Each PHOTO opens in a photo window, over a window of its folder with the photos given there selected (photos of one folder share that window)."),
        ].joined(separator: " "))
    }

    /// The application stopped: file writes under way (a rotation, which is
    /// not kept for the next start as ratings are) get a few seconds.
    func quitting() {
        // Settings changed last are still on their way to the desktop's store.
        settings.sync()
        guard servicesStarted else { return }
        _ = services.library.ratings.waitForWrites(upTo: 5)
    }

    func handle(_ action: AppAction) {
        switch action {
        case .mainWindowClosed(let controller):
            settings.save(controller.windowState)
            mainWindows.removeAll { $0 === controller }
        case .openPhoto(let path, let controller):
            openPhoto(path: path, from: controller)
        case .open(let paths, let controller):
            let request = OpenRequest(paths: paths)
            if !request.problems.isEmpty { controller.show(notice: request.problems.joined(separator: " "), seconds: 15) }
            open(request, into: controller)
        case .photoRemoved(let path):
            for window in photoWindows where window.controller.path == path { window.controller.photoRemoved() }
            for window in compareWindows where window.paths.contains(path) { window.photoRemoved() }
        case .photosChanged:
            for window in photoWindows { window.controller.photosChanged() }
            for window in compareWindows { window.photosChanged() }
        case .compare(let paths, let owner):
            compare(paths, from: owner)
        case .compareWindowClosed(let controller):
            compareWindows.removeAll { $0 === controller }
        case .photoWindowClosed(let controller):
            // Back in the grid, the photo last shown is the one selected.
            photoWindows.first { $0.controller === controller }?.owner?.photoWindowClosed(on: controller.path)
            photoWindows.removeAll { $0.controller === controller }
        case .advancesAfterRatingChanged(let on):
            services.setAdvancesAfterRating(on)
            for window in photoWindows { window.controller.setAdvancesAfterRating(on) }
        case .trashPhoto(let path, let controller):
            photoWindows.first { $0.controller === controller }?.owner?.trash(path: path)
        case .setProfilePhoto(let path):
            setProfilePhoto(path: path)
        case .profileWindowClosed(let controller):
            if profileWindow === controller { profileWindow = nil }
        case .preferencesWindowClosed(let controller):
            if preferencesWindow === controller { preferencesWindow = nil }
        }
    }

    // MARK: Start-up and command line

    /// `Resources/icons` of the source tree a build in `.build/<triple>/debug`
    /// (or release) runs from; nil for an installed program.
    private static var sourceTreeIcons: String? {
        let program = URL(fileURLWithPath: Bundle.main.executablePath ?? "").resolvingSymlinksInPath()
        let icons = program.deletingLastPathComponent().appendingPathComponent("../../../Resources/icons")
            .standardizedFileURL.path
        let icon = icons + "/hicolor/scalable/apps/\(AppInfo.id).svg"
        return FileManager.default.fileExists(atPath: icon) ? icons : nil
    }

    private func startup() {
        Style.load()
        // Run from the source tree, the app's own icon is not installed:
        // the sources' stands in (the About window and the window list show it).
        if let icons = Self.sourceTreeIcons { Gtk.addIconSearchPath(icons) }
        Appearance.followDesktop()
        installActions()
        Keyboard.install(in: application)
        loadProfile()
    }

    private func installActions() {
        application.addAction(Action(ActionNames.quit) { [weak self] in self?.quit() })
        application.addAction(Action(ActionNames.newWindow) { [weak self] in self?.newMainWindow().present() })
        application.addAction(Action(ActionNames.about) { [weak self] in self?.showAbout() })
        application.addAction(Action(ActionNames.showShortcuts) { [weak self] in self?.showShortcuts() })
        application.addAction(Action(ActionNames.editProfile) { [weak self] in self?.showProfile() })
        application.addAction(Action(ActionNames.preferences) { [weak self] in self?.showPreferences() })
    }

    /// Every launch lands here, in the primary instance. Folders and
    /// photos open as `open(_:into:)` says; what cannot be opened is
    /// reported on the launching terminal and in a window, and makes that
    /// launch exit with status 1.
    private func handle(_ invocation: CommandLineInvocation) -> Int32 {
        let paths = invocation.paths
        guard !paths.isEmpty else {
            (mainWindows.last ?? newMainWindow()).present()
            return 0
        }
        let request = OpenRequest(paths: paths)
        for problem in request.problems { invocation.printError("\(AppInfo.executable): \(problem)\n") }
        if request.isEmpty {
            // Nothing to show: a window tells why, as for a bad folder.
            let controller = windowForNewFolder()
            controller.open(path: paths[0])
            controller.present()
        } else {
            open(request, into: nil)
        }
        return request.problems.isEmpty ? 0 : 1
    }

    /// The active window when it shows no folder yet, else a new window.
    func windowForNewFolder() -> MainWindowController {
        if let last = mainWindows.last, last.folder == nil { return last }
        return newMainWindow()
    }

    // MARK: Windows

    @discardableResult
    func newMainWindow() -> MainWindowController {
        let logic = PhotoListLogic(library: services.library, trash: DesktopTrash(), settings: settings)
        let controller = MainWindowController(
            view: MainWindowView(application: application), logic: logic, thumbnails: { [services] in services.thumbnails(for: $0) },
            observer: Milestones.isEnabled ? BenchObserver() : nil) { [weak self] action in self?.handle(action) }
        controller.restore(settings.windowState)
        controller.showProfile(of: profile)
        if let problem = services.indexProblem, !indexProblemAnnounced {
            indexProblemAnnounced = true
            controller.show(notice: problem, seconds: 30)
        }
        mainWindows.append(controller)
        return controller
    }

    /// The preferences window (one at a time).
    @discardableResult
    func showPreferences() -> PreferencesWindowController {
        if let preferencesWindow {
            preferencesWindow.present()
            return preferencesWindow
        }
        let logic = PreferencesLogic(settings: settings, ratings: services.library.ratings)
        let controller = PreferencesWindowController(view: PreferencesWindowView(application: application),
                                                     logic: logic) { [weak self] action in self?.handle(action) }
        preferencesWindow = controller
        controller.present()
        return controller
    }

    /// The Keyboard Shortcuts window, made on first use (building it at
    /// start-up would delay the first frame) and kept, hidden, afterwards.
    private func showShortcuts() {
        let window = shortcutsWindow ?? ShortcutsWindow(groups: Keyboard.shortcutGroups)
        window.hidesOnClose = true
        shortcutsWindow = window
        present(window)
    }

    private func showAbout() {
        // Translators: your names, one per line (with an email address or
        // a web page if you like), shown on the About window's Credits page.
        let translators = tr("translator-credits")
        present(AboutDialog(AboutInfo(
            programName: AppInfo.name, version: AppInfo.version, comments: AppInfo.summary,
            // Translators: the About dialog's authors.
            website: AppInfo.website, iconName: AppInfo.id, authors: [tr("The Lightbox developers")],
            // Translators: the About dialog's copyright line.
            copyright: tr("© 2026 The Lightbox developers"),
            systemInformation: DecoderSandboxText.describe(DecoderPool.shared.sandbox),
            // Untranslated (English), the message itself would be shown.
            translatorCredits: translators == "translator-credits" ? nil : translators)))
    }

    /// Shows a dialog over the newest main window, or on its own.
    private func present(_ dialog: Window) {
        if let owner = mainWindows.last { owner.present(dialog) } else { dialog.present() }
    }

    private func quit() {
        // Unsaved profile edits are asked about first; quitting goes on after.
        guard profileAllowsQuit(then: { [weak self] in self?.quit() }) else { return }
        // Closing each window saves its state, as the close button does.
        for controller in mainWindows { controller.close() }
        application.quit()
    }
}
