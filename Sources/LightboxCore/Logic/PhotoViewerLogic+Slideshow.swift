/// A slideshow in a photo window: the next photo of the list it steps
/// through (its order and filter) every few seconds, until the last one,
/// a stop, or the window closing.
public struct Slideshow: Equatable, Sendable {
    /// Seconds each photo shows.
    public var interval: Int
    public var isPaused = false

    public init(interval: Int) { self.interval = interval }
}

extension PhotoViewerLogic {
    /// Plays a slideshow from the photo shown; returns once it stops (at
    /// the last photo, on `stopSlideshow`, or when the calling task is
    /// cancelled), leaving that photo shown.
    public func playSlideshow(every interval: Int) async {
        slideshow = Slideshow(interval: max(1, interval))
        var waited = 0
        while let show = slideshow, !Task.isCancelled {
            try? await Task.sleep(for: .seconds(1))
            guard let current = slideshow, !Task.isCancelled else { break }
            if current.isPaused { continue }
            waited += 1
            guard waited >= show.interval else { continue }
            waited = 0
            guard hasNext else { break }
            await step(1)
        }
        slideshow = nil
    }

    /// Space: pauses the slideshow, or goes on with it.
    public func pauseSlideshow() {
        slideshow?.isPaused.toggle()
    }

    /// Seconds per photo from now on (also for the next slideshow).
    public func setSlideshowInterval(_ seconds: Int) {
        slideshow?.interval = max(1, seconds)
    }

    /// Escape: the slideshow ends on the photo shown.
    public func stopSlideshow() {
        slideshow = nil
    }
}
