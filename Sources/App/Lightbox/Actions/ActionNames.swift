import GtkKit
import LightboxCore

/// Every action the windows and the application add, named once: the same
/// value adds an action and lets buttons, menus and keys refer to it. An
/// action that reports one intent has that intent's name (`toggleRejected`,
/// `openSelected`), an application action the name of its `AppAction`, so
/// it is called the same from its key to the logic; the string inside is
/// GTK's name for it, which nothing else spells.
enum ActionNames {
    // The application's (see AppActions: each is an AppAction of the same name).
    static let newWindow = ActionID.app("new-window")
    static let editProfile = ActionID.app("edit-profile")
    static let showShortcuts = ActionID.app("shortcuts")
    static let showPreferences = ActionID.app("preferences")
    static let showAbout = ActionID.app("about")
    static let quit = ActionID.app("quit")

    // Every window's.
    static let closeWindow = ActionID.window("close")
    /// F6: between the header bar and the content.
    static let switchPane = ActionID.window("switch-pane")

    // A main window's.
    static let openFolder = ActionID.window("open-folder")
    /// Ctrl+F: shows the search bar (or focuses it, or closes it); the
    /// search itself is the text typed there.
    static let toggleSearch = ActionID.window("toggle-search")
    /// The grid's thumbnail size (a GridZoom's raw value), and a step
    /// larger or smaller (Ctrl+plus, Ctrl+minus).
    static let gridZoom = ActionID.window("grid-zoom")
    static let gridLarger = ActionID.window("grid-larger")
    static let gridSmaller = ActionID.window("grid-smaller")
    static let sortKey = ActionID.window("sort-key")
    static let sortDirection = ActionID.window("sort-direction")
    static let minimumRating = ActionID.window("minimum-rating")
    /// "win.rejected::hidden": rejected photos shown, hidden or alone.
    static let rejected = ActionID.window("rejected")
    /// "win.label-filter-red": on, the photos with that label are shown
    /// (with the other labels ticked).
    static func labelFilter(_ label: ColorLabel) -> ActionID {
        ActionID.window("label-filter-\(label.rawValue.lowercased())")
    }
    /// "win.file-kind::raw" (`PhotoFilter.FileKind`'s raw values, or "any").
    static let fileKindFilter = ActionID.window("file-kind-filter")
    /// On/off: only the sharpest quarter of the photos measured.
    static let onlySharpest = ActionID.window("only-sharpest")
    /// "win.clipped-filter::0.01": only the photos with at least that share
    /// clipped at white ("any": every photo).
    static let clippedFilter = ActionID.window("clipped-filter")
    /// "win.keyword-filter::Places|Brittany" ("" for any keyword).
    static let keywordFilter = ActionID.window("keyword-filter")
    /// "win.camera-filter::X-T5" ("" for any camera).
    static let cameraFilter = ActionID.window("camera-filter")
    /// "win.taken-filter::2024-07": the photos taken that month ("" any day).
    static let takenFilter = ActionID.window("taken-filter")
    static let clearFilters = ActionID.window("clear-filters")
    /// Alt+Left, Alt+Right: the folder shown before, and back again.
    static let goBack = ActionID.window("go-back")
    static let goForward = ActionID.window("go-forward")
    /// On/off: the photos of the folders inside the one shown show too.
    static let includeSubfolders = ActionID.window("include-subfolders")
    /// F9 in a main window: the side panel with the folders.
    static let sidebar = ActionID.window("sidebar")
    /// The grid's "Properties": the photo in its window, its properties shown.
    static let showProperties = ActionID.window("show-properties")
    /// "Sort by Date Taken" on dates that waited while a folder loaded.
    static let sortByDatesRead = ActionID.window("sort-by-dates-read")
    static let selectAll = ActionID.window("select-all")
    static let selectNone = ActionID.window("select-none")
    /// Enter on a selection: a photo window for each selected photo.
    static let openSelected = ActionID.window("open-selected")
    static let compare = ActionID.window("compare")
    static let openWith = ActionID.window("open-with")
    static let showInFiles = ActionID.window("show-in-files")
    /// Ctrl+C: the selected photos as files on the clipboard.
    static let copyFiles = ActionID.window("copy-files")
    /// Ctrl+Shift+C: their paths as text.
    static let copyPaths = ActionID.window("copy-paths")
    /// Ctrl+V: photos copied (or cut) in a file manager, copied (or moved)
    /// into the folder shown.
    static let paste = ActionID.window("paste")
    static let copyTo = ActionID.window("copy-to")
    /// "Move Rejected to Trash…": every rejected photo of the folder.
    static let trashRejected = ActionID.window("trash-rejected")
    static let moveTo = ActionID.window("move-to")

    // A photo window's; a main window has the rating, reject, trash,
    // escape, rotation and profile photo actions too, acting on the
    // selected photos.
    static let previous = ActionID.window("previous")
    static let next = ActionID.window("next")
    static let zoomIn = ActionID.window("zoom-in")
    static let zoomOut = ActionID.window("zoom-out")
    static let zoomFit = ActionID.window("zoom-fit")
    static let zoomActual = ActionID.window("zoom-actual")
    static let properties = ActionID.window("properties")
    static let fullscreen = ActionID.window("fullscreen")
    /// Escape: leave full screen, else close.
    static let escape = ActionID.window("escape")
    static let trash = ActionID.window("trash")
    static let setProfilePhoto = ActionID.window("set-profile-photo")
    /// "win.rate::3"; 0 clears.
    static let rate = ActionID.window("rate")
    /// X: rejects the photo, or takes the rejection back.
    static let toggleRejected = ActionID.window("toggle-rejected")
    /// "win.label::Red": 6–9 give the photos that colour label, or take it
    /// away when they all have it (xmp:Label's names, `ColorLabel.rawValue`).
    static let toggleLabel = ActionID.window("toggle-label")
    /// Ctrl+K: add a keyword (to the selected photos, or in the photo
    /// window's properties).
    static let addKeyword = ActionID.window("add-keyword")
    /// "Remove Keyword…": one of the selected photos' keywords, from all of them.
    static let removeKeyword = ActionID.window("remove-keyword")
    /// F5: the slideshow, from the photo shown.
    static let startSlideshow = ActionID.window("start-slideshow")
    /// Space during a slideshow: pause or go on.
    static let pauseSlideshow = ActionID.window("pause-slideshow")
    static let rotateLeft = ActionID.window("rotate-left")
    static let rotateRight = ActionID.window("rotate-right")
    /// "win.slideshow-interval::5": seconds per photo.
    static let slideshowInterval = ActionID.window("slideshow-interval")
    /// On/off: step to the next photo after a rating or a reject.
    static let advanceAfterRating = ActionID.window("advance-after-rating")
    /// "win.show-clipping": the clipped highlights and deep shadows marked
    /// over the photo (on or off).
    static let showClipping = ActionID.window("show-clipping")
    /// "win.show-peaking": the sharp edges marked over the photo (on or off).
    static let showPeaking = ActionID.window("show-peaking")
    /// "win.show-focus-points": the camera's focus points drawn over the
    /// photo (on or off).
    static let showFocusPoints = ActionID.window("show-focus-points")
    /// "win.zoom-to-focus-point": each photo at 100 % on its focus point
    /// (on or off).
    static let zoomToFocusPoint = ActionID.window("zoom-to-focus-point")
    /// "win.show-histogram": the histogram over the photo (on or off).
    static let showHistogram = ActionID.window("show-histogram")

    // The profile window's.
    static let save = ActionID.window("save")
    static let cancelEditing = ActionID.window("cancel-editing")
    static let load = ActionID.window("load")
}
