import Foundation
import GtkKit
import Imaging
import LightboxCore
import Localization

/// Creates, presents and closes Lightbox's windows, and routes what one
/// window's controller asks (`AppAction`) to another. Everything that
/// comes into the flow is an `AppAction` (the application's actions and
/// launches too), answered in `handle`. It owns every controller it
/// creates and no domain logic: the controllers' logic does that work.
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
    /// Open compare windows and the main window whose photos each shows.
    var compareWindows: [CompareWindow] = []
    /// The Keyboard Shortcuts window, once shown (it hides when closed).
    private(set) var shortcutsWindow: ShortcutsWindowController?
    /// The About window, while it is open.
    private(set) var aboutWindow: AboutWindowController?
    /// The flow's own tasks (loading the profile), cancelled if it goes.
    let tasks = OwnedTasks()
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

    struct CompareWindow {
        let controller: CompareWindowController
        weak var owner: MainWindowController?
    }

    /// The main window whose photos `source` shows.
    private func owner(of source: PhotoWindowSource) -> MainWindowController? {
        switch source {
        case .photo(let controller): photoWindows.first { $0.controller === controller }?.owner
        case .compare(let controller): compareWindows.first { $0.controller === controller }?.owner
        }
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
        // A launch answers its terminal here (what cannot be opened, and
        // the exit status); what it opens goes through `handle`.
        application.onCommandLine { [weak self] invocation in
            let paths = invocation.paths
            let request = OpenRequest(paths: paths)
            for problem in request.problems { invocation.printError("\(AppInfo.executable): \(problem)\n") }
            self?.handle(.launched(paths: paths, request))
            return request.problems.isEmpty ? 0 : 1
        }
        // Translators: --help's description of --version.
        application.addVersionOption(description: tr("Show the version and exit"))
        // Translators: --help's usage line's arguments; FOLDER and PHOTO are named in the text that follows.
        application.setHelp(parameter: tr("[FOLDER|PHOTO…]"), summary: [
            // Translators: --help's text; FOLDER and PHOTO are the arguments in the usage line.
            tr("Open each FOLDER in a window to browse the photos in it."),
            // Translators: --help's text; FOLDER and PHOTO are the arguments in the usage line.
            tr("Each PHOTO opens in a photo window, over a window of its folder with the photos given there selected (photos of one folder share that window)."),
        ].joined(separator: " ") + "\n\n" + Self.formatsHelp)
    }

    /// The formats --help names, from the one list the scanner reads.
    private static var formatsHelp: String {
        let upper = { (extensions: [String]) in extensions.map { $0.uppercased() }.joined(separator: ", ") }
        // Translators: --help's list of the file types Lightbox reads; {pictures} and {raw} are lists of
        // file name extensions ("JPG, PNG, …", "DNG, CR2, …").
        return tr("Photos it reads: {pictures}; camera RAW files: {raw}.",
                  ["pictures": upper(PhotoFormat.pictureExtensions + PhotoFormat.libraryExtensions),
                   "raw": upper(PhotoFormat.rawExtensions)])
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
        case .newWindow: newMainWindow().present()
        case .quit: quit()
        case .showAbout: showAbout()
        case .showShortcuts: showShortcuts()
        case .editProfile: editProfile()
        case .showPreferences: showPreferences()
        case .launched(let paths, let request): launched(paths: paths, request)
        case .mainWindowClosed(let controller, let size):
            settings.save(size)
            mainWindows.removeAll { $0 === controller }
        case .openPhoto(let path, let controller, let properties):
            openPhoto(path: path, from: controller, properties: properties)
        case .open(let paths, let controller):
            let request = OpenRequest(paths: paths)
            if !request.problems.isEmpty { controller.send(.tell(.cannotOpen(request.problems))) }
            open(request, into: controller)
        case .photoRemoved(let path):
            for window in photoWindows where window.controller.path == path { window.controller.send(.photoRemoved) }
            for window in compareWindows { window.controller.send(.photoRemoved(path)) }
        case .photosChanged:
            for window in photoWindows { window.controller.send(.photosChanged) }
            for window in compareWindows { window.controller.send(.photosChanged) }
        case .compare(let paths, let owner):
            compare(paths, from: owner)
        case .compareWindowClosed(let controller):
            compareWindows.removeAll { $0.controller === controller }
        case .photoWindowClosed(let controller, let path):
            // Back in the grid, the photo last shown is the one selected.
            photoWindows.first { $0.controller === controller }?.owner?.send(.photoWindowClosed(on: path))
            photoWindows.removeAll { $0.controller === controller }
        case .editPhoto(let edit, let source):
            owner(of: source)?.send(.edit(edit))
        case .showInFiles(let paths, let controller):
            tasks.start { [weak controller] in
                do throws(GtkError) {
                    try await FileManagerWindow.show(paths)
                } catch {
                    controller?.send(.tell(.noFileManager(error: error.message)))
                }
            }
        case .advancesAfterRatingChanged(let on):
            services.setAdvancesAfterRating(on)
            for window in photoWindows { window.controller.send(.followAdvancesAfterRating(on)) }
        case .showsClippingChanged(let on):
            settings.save(showingClipping: on)
            for window in photoWindows { window.controller.send(.followShowsClipping(on)) }
        case .showsPeakingChanged(let on):
            settings.save(showingPeaking: on)
            for window in photoWindows { window.controller.send(.followShowsPeaking(on)) }
        case .showsHistogramChanged(let on):
            settings.save(showingHistogram: on)
            for window in photoWindows { window.controller.send(.followShowsHistogram(on)) }
        case .showsFocusPointsChanged(let on):
            settings.save(showingFocusPoints: on)
            for window in photoWindows { window.controller.send(.followShowsFocusPoints(on)) }
            for window in compareWindows { window.controller.send(.followShowsFocusPoints(on)) }
        case .pairRawAndJPEGChanged(let on):
            for window in mainWindows { window.send(.pairRawAndJPEG(on)) }
        case .trashPhoto(let path, let controller):
            photoWindows.first { $0.controller === controller }?.owner?.send(.trashPhoto(path))
        case .setProfilePhoto(let path):
            setProfilePhoto(path: path)
        case .profileWindowClosed(let controller):
            if profileWindow === controller { profileWindow = nil }
        case .preferencesWindowClosed(let controller):
            if preferencesWindow === controller { preferencesWindow = nil }
        case .aboutWindowClosed(let controller):
            if aboutWindow === controller { aboutWindow = nil }
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
        AppActions.install(in: application) { [weak self] action in self?.handle(action) }
        Keyboard.install(in: application)
        loadProfile()
    }

    /// Every launch lands here, in the primary instance: without paths a
    /// window comes up; folders and photos open as `open(_:into:)` says.
    private func launched(paths: [String], _ request: OpenRequest) {
        guard !paths.isEmpty else {
            (mainWindows.last ?? newMainWindow()).present()
            return
        }
        if request.isEmpty {
            // Nothing to show: a window tells why, as for a bad folder.
            let controller = windowForNewFolder()
            controller.send(.openFolderAt(paths[0]))
            controller.present()
        } else {
            open(request, into: nil)
        }
    }

    /// The active window when it shows no folder yet, else a new window.
    func windowForNewFolder() -> MainWindowController {
        if let last = mainWindows.last, last.folder == nil { return last }
        return newMainWindow()
    }

    // MARK: Windows

    @discardableResult
    func newMainWindow() -> MainWindowController {
        let logic = PhotoListLogic(library: services.library, trash: DesktopTrash(), settings: settings,
                                   profile: profile, watching: FolderMonitor.watcher)
        let view = MainWindowView(application: application, observer: Milestones.isEnabled ? BenchObserver() : nil)
        let controller = MainWindowController(
            view: view, logic: logic, thumbnails: { [services] in services.thumbnails(for: $0) }) { [weak self] action in
            self?.handle(action)
        }
        controller.restore(settings.windowState)
        if let problem = services.indexProblem, !indexProblemAnnounced {
            indexProblemAnnounced = true
            controller.send(.tell(.libraryProblem(problem)))
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
        let controller = shortcutsWindow
            ?? ShortcutsWindowController(view: ShortcutsWindowView(application: application, groups: Keyboard.shortcutGroups))
        shortcutsWindow = controller
        controller.present()
    }

    /// The About window (one at a time).
    private func showAbout() {
        let controller = aboutWindow
            ?? AboutWindowController(view: AboutWindowView(application: application)) { [weak self] action in
                self?.handle(action)
            }
        aboutWindow = controller
        controller.present()
    }

    private func quit() {
        // Unsaved profile edits are asked about first; quitting goes on after.
        guard profileAllowsQuit(then: { [weak self] in self?.quit() }) else { return }
        // Closing each window saves its state, as the close button does
        // (a photo window's title or caption being typed too, before the
        // rating queue is waited for).
        for window in photoWindows { window.controller.close() }
        for controller in mainWindows { controller.close() }
        application.quit()
    }
}
