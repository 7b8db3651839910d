import Foundation

/// The list logic's contract with its window and the flow: what can be
/// asked of it (`Intent`), everything the window shows (`State`), and what
/// happens once (`Output`).
extension PhotoListLogic {
    public enum Intent: Sendable, Equatable {
        // Folders.
        /// Open Folder: the folder chooser is asked (`Question.folder`).
        case openFolder
        /// Opens the folder at the path (the side panel, the location row,
        /// a launch); Back returns from it.
        case openFolderAt(String)
        /// Alt+Left and Alt+Right.
        case goBack
        case goForward
        /// Whether the photos of the folders inside show too.
        case includeSubfolders(Bool)
        /// The preference: a RAW and a JPEG of one shot show as one photo.
        case pairRawAndJPEG(Bool)
        /// "Sort by Date Taken" on the dates that waited.
        case sortByDatesRead
        case sort(PhotoOrder)
        /// The thumbnails' size.
        case gridZoom(GridZoom)
        /// The person scrolled the grid (see `noteAction`).
        case scrolled

        // Filters.
        case search(String)
        case minimumRating(Int)
        case rejected(PhotoFilter.Rejected)
        /// A label ticked or unticked.
        case labelFilter(ColorLabel, Bool)
        case fileKindFilter(PhotoFilter.FileKind?)
        /// "Only the Sharpest": the sharpest quarter of the photos measured
        /// so far, or every photo again.
        case onlySharpest(Bool)
        /// "Clipped Highlights": the photos with at least this share
        /// clipped at white (one of `PhotoFilter.clippedLevels`), or every
        /// photo again (nil).
        case clippedFilter(Double?)
        case keywordFilter(Keyword?)
        case cameraFilter(String?)
        /// The days photos were taken on (nil: any day).
        case takenFilter(ClosedRange<Date>?)
        /// "Show All Photos": every filter off but the search.
        case clearFilters
        /// The filter menu opens: its keywords, cameras and months are
        /// gathered (`State.filterChoices`).
        case filterMenuOpened

        // The selection.
        /// The person changed the selection: these photos are selected now.
        case select([String])
        case selectAll
        case selectNone

        // Decisions on the selected photos.
        /// 1–5 stars; 0 clears the rating.
        case rate(Int)
        /// X: reject them, or take the rejection back when all are.
        case toggleRejected
        /// 6–9: give them the label, or take it away when all have it.
        case toggleLabel(ColorLabel)
        /// A quarter turn of each, saved as their EXIF orientation.
        case rotateLeft
        case rotateRight
        /// Ctrl+K: a keyword is asked for (`Question.keyword`).
        case addKeyword
        /// "Remove Keyword…": which one is asked (`Question.keywordToRemove`).
        case removeKeyword
        /// A change to one photo, asked in its photo window.
        case edit(PhotoEdit)

        // Opening.
        /// Enter or a double click on a photo.
        case open(Photo)
        case openSelected
        /// Enter in the search: the first photo it finds, once applied.
        case openFirstFound
        /// The selected photos side by side, when they are as many as a
        /// compare window shows (`comparable`).
        case compare
        /// "Properties", while one photo is selected.
        case showProperties
        /// "Set as Profile Photo", while one photo is selected.
        case setProfilePhoto
        /// Photos a launch named (they are in this folder): selected and
        /// opened once the list holds them.
        case showPhotos([String])
        /// A photo window of this list closed on the photo at the path.
        case photoWindowClosed(on: String)
        /// Open With: the application is asked (`Question.application`).
        case openWith
        /// Show in Files.
        case showInFiles
        /// Folders or photos dropped on the window.
        case dropped([String])

        // Files.
        case trash
        /// Delete in a photo window of this list.
        case trashPhoto(String)
        /// "Move Rejected to Trash…": asked first (`Question.trashRejected`).
        case trashRejected
        /// Ctrl+C: the photos as files; Ctrl+Shift+C: their paths as text.
        case copyFiles
        case copyPaths
        /// Ctrl+V: files a file manager copied (or cut: `cut`).
        case paste([String], cut: Bool)
        /// Copy to… or Move to…: the folder is asked (`Question.destination`).
        case copyTo
        case moveTo
        /// The notice's button ("Undo", "Cancel").
        case noticeButtonPressed

        /// The answer to the question of `State.question`.
        case answer(Answer)
        /// A notice to show (from the flow: what a launch could not open).
        case tell(Notice)
        /// The window closed at this size: every job stops.
        case close(WindowState)
    }

    /// A change to one photo, as a photo window asks it of its list.
    public enum PhotoEdit: Sendable, Equatable {
        /// 1–5 stars, 0 clears, -1 rejects.
        case rate(path: String, stars: Int)
        case rotate(path: String, clockwise: Bool)
        /// A label, keyword, title or caption.
        case tag(TagEdit, path: String)
    }

    /// Everything a main window shows, in one value: the window renders
    /// each state published and reads nothing else.
    public struct State: Equatable, Sendable {
        /// The folder's photos, or why there are none.
        public enum Content: Equatable, Sendable {
            /// No folder chosen yet.
            case idle
            /// Loading: the photos found so far are already browsable.
            case loading(PhotoList, LoadProgress)
            case presenting(PhotoList)
            /// The folder holds no photos.
            case empty(Folder)
            /// The folder cannot be opened.
            case failed(FolderProblem)

            var isShowingPhotos: Bool {
                switch self {
                case .loading, .presenting: true
                case .idle, .empty, .failed: false
                }
            }
        }

        public var content: Content
        public var order: PhotoOrder
        public var filter: PhotoFilter
        public var zoom: GridZoom
        /// Where the window is in the library.
        public var navigation: FolderNavigation
        /// The profile the header bar shows.
        public var profile: Profile
        /// What the filter menu offers, gathered as it opened.
        public var filterChoices: FilterChoices?
        /// The question on show, until it is answered.
        public var question: Told<Question>?
        /// The notice shown last (its id tells a new one from the same).
        public var notice: Told<Notice>?
        /// Whether every selected photo is rejected (X then takes it back).
        public var selectionIsRejected: Bool

        /// The list shown, while there is one.
        public var list: PhotoList? {
            switch content {
            case .loading(let list, _), .presenting(let list): list
            case .idle, .empty, .failed: nil
            }
        }
    }

    /// What the window asks the person before it goes on.
    public enum Question: Equatable, Sendable {
        /// The folder chooser of Open Folder; answered by `.folder`.
        case folder(startingIn: String?)
        /// The folder chooser of Copy to… or Move to…; answered by `.destination`.
        case destination(PhotoTransferMode, startingIn: String?)
        /// The Open With dialog for these files; the application chosen
        /// opens them, and `.applicationFailed` says when it could not.
        case application(files: [String])
        /// Whether the `count` rejected photos go; answered by `.confirmed`.
        case trashRejected(count: Int)
        /// A keyword for `count` photos, offering `suggestions`; answered
        /// by `.keyword`.
        case keyword(count: Int, suggestions: [Keyword])
        /// Which of these keywords to take away; answered by `.keywordToRemove`.
        case keywordToRemove([Keyword])
        /// A file of that name is already there; answered by `.clash`.
        case clash(NameClash)
    }

    /// The person's answer to the question on show.
    public enum Answer: Sendable, Equatable {
        case folder(String)
        case destination(PhotoTransferMode, String)
        case applicationOpened
        case applicationFailed(app: String, error: String)
        case confirmed
        case keyword(String)
        case keywordToRemove(Keyword)
        /// nil: stop there; `forAll`: the same for the clashes after it.
        case clash(NameClashAnswer?, forAll: Bool)
        /// Closed without an answer (Cancel, Escape).
        case dismissed
    }

    /// What happens once: what the window does (`show`) and what the flow
    /// must do beyond it.
    public enum Output: Sendable {
        case show(Effect)
        /// A photo window for the photo; `properties`: its properties shown.
        case openPhoto(String, properties: Bool)
        /// The photos to compare, in the list's order (`comparable` of them).
        case compare([String])
        case setProfilePhoto(String)
        /// Paths dropped on the window, to open as a launch would.
        case open(paths: [String])
        case showInFiles([String])
        /// The photo left the folder (trashed, or gone on disk).
        case photoRemoved(String)
        /// Files changed on disk (another program rated a photo, say), or
        /// their details were read while the folder loads.
        case photosChanged
        /// The window closed at this size.
        case closed(WindowState)
    }

    /// What the window does once.
    public enum Effect: Equatable, Sendable {
        /// Says how many photos the filter lets through.
        case announceResults
        /// Scrolls to the photo.
        case reveal(path: String)
        /// The photos as files on the clipboard, for a file manager.
        case copyFiles([String])
        case copyText(String)
    }
}

/// A value told once, with an id that tells it from the same value told
/// again (two notices alike are two notices).
public struct Told<Value: Equatable & Sendable>: Equatable, Sendable {
    public let id: Int
    public let value: Value
}
