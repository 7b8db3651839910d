import Imaging

extension PhotoViewerLogic {
    public enum Intent: Sendable, Equatable {
        /// Shows the photo (the window's first intent).
        case load
        case previous
        case next
        /// A decision: 1–5 stars, 0 clears; then the next photo when
        /// advancing after rating.
        case rate(Int)
        /// Reject, or take the rejection back; then on when advancing.
        case toggleRejected
        /// A quarter turn, saved as the photo's EXIF orientation.
        case rotateLeft
        case rotateRight
        /// 6–9, or a label chosen: the photo gets it, or loses it.
        case toggleLabel(ColorLabel)
        /// "" takes it away.
        case setTitle(String)
        case setCaption(String)
        /// A keyword typed ("Places|Brittany" for one in a hierarchy).
        case addKeyword(String)
        case removeKeyword(Keyword)
        /// A keyword is being typed: the keywords to offer are gathered
        /// (`State.keywordSuggestions`).
        case keywordSuggestionsWanted
        case startSlideshow
        /// Space: pause, or go on.
        case pauseSlideshow
        case stopSlideshow
        case slideshowInterval(Int)
        /// "Go to Next Photo After Rating" turned on or off here.
        case advanceAfterRating(Bool)
        /// The same, turned in another window (told by the flow).
        case followAdvancesAfterRating(Bool)
        /// The window shows what the exposure says (its properties are
        /// open), or no longer: it is read from the pixels shown.
        case exposureWanted(Bool)
        /// J: the clipped highlights (red) and deep shadows (blue) marked
        /// over the photo, or no longer; told to the other windows.
        case toggleClipping
        /// The same, turned in another window (told by the flow).
        case followShowsClipping(Bool)
        /// P: the sharp edges marked green over the photo (focus
        /// peaking), or no longer; told to the other windows.
        case togglePeaking
        /// The same, turned in another window (told by the flow).
        case followShowsPeaking(Bool)
        /// H: the histogram over the photo's corner, or no longer; told to
        /// the other windows.
        case toggleHistogram
        /// The same, turned in another window (told by the flow).
        case followShowsHistogram(Bool)
        /// F: the camera's focus points drawn over the photo, or no
        /// longer; told to the other windows.
        case toggleFocusPoints
        /// The same, turned in another window (told by the flow).
        case followShowsFocusPoints(Bool)
        /// Z: each photo shown at 100 % centred on its focus point (its
        /// middle where it has none), and the neighbours decoded in full
        /// ahead; again, fitted as before.
        case toggleZoomToFocusPoint
        /// Zoomed in past the pixels decoded to fit: the photo in full.
        case wantsFullResolution
        /// The picture area's size in device pixels: photos are decoded to fit.
        case viewport(width: Int, height: Int)
        /// Delete: the list trashes the photo (through the flow).
        case trash
        case setProfilePhoto
        /// The photo left the folder: the next one shows, or none is left.
        case photoRemoved
        /// The list learnt something new of its photos.
        case photosChanged
        /// The window closed: every task stops.
        case close
    }

    /// What the flow must do beyond the window.
    public enum Output: Sendable, Equatable {
        /// A change to the photo, for the list it belongs to.
        case edit(PhotoListLogic.PhotoEdit)
        case trash(path: String)
        case setProfilePhoto(path: String)
        /// "Go to Next Photo After Rating" changed: the other windows follow.
        case advancesAfterRatingChanged(Bool)
        /// "Show Clipping" changed: the other windows follow, and it is kept.
        case showsClippingChanged(Bool)
        /// "Focus Peaking" changed: the other windows follow, and it is kept.
        case showsPeakingChanged(Bool)
        /// "Show Focus Point" changed: the other windows follow, and it is kept.
        case showsFocusPointsChanged(Bool)
        /// "Show Histogram" changed: the other windows follow, and it is kept.
        case showsHistogramChanged(Bool)
        /// The window closed, on the photo at the path (shown last).
        case closed(lastShown: String)
    }

    /// Everything a photo window shows, in one value: the window renders
    /// each state published and reads nothing else from the logic. A change
    /// to any part of it (a step, a rating, a slideshow's pause, turning
    /// auto-advance on) is a new state, published.
    public struct State: Equatable, Sendable {
        /// What the window shows of the photo.
        public enum Picture: Equatable, Sendable {
            case loading(Photo)
            case presenting(Photo, PixelData)
            /// The photo cannot be shown; the reason says why.
            case failed(Photo, String)
            /// No photo is left to show: the window closes.
            case gone

            /// The photo shown, or what stands for it; none once gone.
            public var photo: Photo? {
                switch self {
                case .loading(let photo), .presenting(let photo, _), .failed(let photo, _): photo
                case .gone: nil
                }
            }
        }

        /// Where the photo shown is among those the window steps through.
        public struct Position: Equatable, Sendable {
            public var hasPrevious: Bool
            public var hasNext: Bool
            /// Its place in the list, when the list knows it.
            public var place: Place?

            public init(hasPrevious: Bool = false, hasNext: Bool = false, place: Place? = nil) {
                self.hasPrevious = hasPrevious
                self.hasNext = hasNext
                self.place = place
            }
        }

        /// "3 of 19": `index` from 0, of `count` photos.
        public struct Place: Equatable, Sendable {
            public var index: Int
            public var count: Int

            package init(index: Int, count: Int) {
                self.index = index
                self.count = count
            }
        }

        public var picture: Picture
        /// Nowhere to step once gone.
        public var position: Position
        /// The slideshow playing, if one is; none once gone, so a window
        /// leaves full screen (and lets the screen sleep) as it closes.
        public var slideshow: Slideshow?
        /// Seconds per photo, of the slideshow playing and of the next one.
        public var slideshowInterval: Int
        /// "Go to Next Photo After Rating": a decision steps on.
        public var advancesAfterRating: Bool
        /// The keywords to offer while one is typed, once asked for
        /// (`.keywordSuggestionsWanted`); nil again after a change.
        public var keywordSuggestions: [Keyword]?
        /// What the pixels shown say of the exposure, once the window asked
        /// (`.exposureWanted`) and they were read; nil meanwhile.
        public var exposure: Exposure?
        /// "Show Clipping": the clipped highlights and deep shadows marked.
        public var showsClipping = false
        /// "Focus Peaking": the sharp edges marked.
        public var showsPeaking = false
        /// The pixels shown with the marks shown made over them, once made
        /// (nil while none is shown).
        public var markedPixels: PixelData?
        /// "Show Focus Point": the camera's focus points drawn.
        public var showsFocusPoints = false
        /// "Show Histogram": the histogram over the photo (`exposure` is
        /// read while it shows).
        public var showsHistogram = false
        /// "Zoom to Focus Point": each photo at 100 % on its focus point.
        public var zoomsToFocusPoint = false
        /// Where the camera focused on the photo presented (nil while none
        /// is): drawn while `showsFocusPoints`, said in the properties.
        public var focus: FocusShown?
        /// How sharp the photo is beside the folder's others, once measured.
        public var sharpness: SharpnessRank?

        public init(picture: Picture, position: Position = Position(), slideshow: Slideshow? = nil,
                    slideshowInterval: Int = 5, advancesAfterRating: Bool = false, keywordSuggestions: [Keyword]? = nil) {
            self.picture = picture
            self.position = position
            self.slideshow = slideshow
            self.slideshowInterval = slideshowInterval
            self.advancesAfterRating = advancesAfterRating
            self.keywordSuggestions = keywordSuggestions
        }

        package var isGone: Bool { picture == .gone }
    }
}
