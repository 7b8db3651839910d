import Imaging

extension PhotoViewerLogic {
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

        public init(picture: Picture, position: Position = Position(), slideshow: Slideshow? = nil,
                    slideshowInterval: Int = 5, advancesAfterRating: Bool = false) {
            self.picture = picture
            self.position = position
            self.slideshow = slideshow
            self.slideshowInterval = slideshowInterval
            self.advancesAfterRating = advancesAfterRating
        }

        package var isGone: Bool { picture == .gone }
    }
}
