/// What a controller asks of the flow: anything beyond its own window.
@MainActor
enum AppAction {
    case mainWindowClosed(MainWindowController)
    case openPhoto(path: String, from: MainWindowController)
    /// Folders or photos dropped on a main window: opened as from the
    /// command line, a folder in that window if it shows none yet.
    case open(paths: [String], in: MainWindowController)
    /// A photo left a main window's folder (trashed, or gone on disk):
    /// photo windows showing it move on.
    case photoRemoved(path: String)
    /// Files changed on disk (another program rated a photo, say).
    case photosChanged
    case photoWindowClosed(PhotoWindowController)
    /// Two photos of a main window, side by side.
    case compare(paths: [String], from: MainWindowController)
    case compareWindowClosed(CompareWindowController)
    /// "Go to Next Photo After Rating" changed in a photo window: every
    /// photo window follows, and it is remembered.
    case advancesAfterRatingChanged(Bool)
    /// Delete in a photo window: the main window it came from trashes it.
    case trashPhoto(path: String, from: PhotoWindowController)
    /// "Set as Profile Photo": the profile window opens in editing with
    /// this photo as the pending avatar (Save keeps it).
    case setProfilePhoto(path: String)
    case profileWindowClosed(ProfileWindowController)
    case preferencesWindowClosed(PreferencesWindowController)
}
