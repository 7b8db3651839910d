import LightboxCore

/// Every way into the flow, typed: what the application's own actions ask
/// (menus and keys: `AppActions` declares them), what a launch asks, and
/// what a controller asks beyond its own window. `AppFlow.handle` is the
/// one place each is answered.
@MainActor
enum AppAction {
    // The application's actions (see AppActions).
    case newWindow
    case quit
    case showAbout
    case showShortcuts
    case editProfile
    case showPreferences
    /// Lightbox was launched with these paths (from a terminal, a file
    /// manager, or a second launch handing its command line over); what
    /// cannot be opened was already reported on the launching terminal.
    case launched(paths: [String], OpenRequest)

    // The windows'.
    /// A main window closed at this size (the next one takes it).
    case mainWindowClosed(MainWindowController, WindowState)
    /// `properties`: with its properties shown (the grid's "Properties").
    case openPhoto(path: String, from: MainWindowController, properties: Bool = false)
    /// Folders or photos dropped on a main window: opened as from the
    /// command line, a folder in that window if it shows none yet.
    case open(paths: [String], in: MainWindowController)
    /// A photo left a main window's folder (trashed, or gone on disk):
    /// photo windows showing it move on.
    case photoRemoved(path: String)
    /// Files changed on disk (another program rated a photo, say).
    case photosChanged
    /// A photo window closed, on the photo at the path.
    case photoWindowClosed(PhotoWindowController, lastShown: String)
    /// A photo window or a compare window changed a photo (a rating, a
    /// turn, a tag): the main window it came from makes the change.
    case editPhoto(PhotoListLogic.PhotoEdit, from: PhotoWindowSource)
    /// Show in Files, for these files of a main window.
    case showInFiles([String], from: MainWindowController)
    /// Two photos of a main window, side by side.
    case compare(paths: [String], from: MainWindowController)
    case compareWindowClosed(CompareWindowController)
    /// "Go to Next Photo After Rating" changed in a photo window: every
    /// photo window follows, and it is remembered.
    case advancesAfterRatingChanged(Bool)
    /// "Show Clipping" changed in a photo window: every photo window
    /// follows, and it is remembered.
    case showsClippingChanged(Bool)
    /// "Focus Peaking" changed in a photo window: the same.
    case showsPeakingChanged(Bool)
    /// "Show Focus Point" changed in a photo or compare window: the same,
    /// compare windows too.
    case showsFocusPointsChanged(Bool)
    /// "Show Histogram" changed in a photo window: every photo window
    /// follows, and it is remembered.
    case showsHistogramChanged(Bool)
    /// "Show RAW and JPEG of one shot as one photo" changed in the
    /// preferences: every main window follows.
    case pairRawAndJPEGChanged(Bool)
    /// Delete in a photo window: the main window it came from trashes it.
    case trashPhoto(path: String, from: PhotoWindowController)
    /// "Set as Profile Photo": the profile window opens in editing with
    /// this photo as the pending avatar (Save keeps it).
    case setProfilePhoto(path: String)
    case profileWindowClosed(ProfileWindowController)
    case preferencesWindowClosed(PreferencesWindowController)
    case aboutWindowClosed(AboutWindowController)
}

/// A window showing photos of a main window's list.
@MainActor
enum PhotoWindowSource {
    case photo(PhotoWindowController)
    case compare(CompareWindowController)
}
