/// A slideshow in a photo window: the next photo of the list it steps
/// through (its order and filter) every few seconds, until the last one,
/// a stop, or the window closing.
public struct Slideshow: Equatable, Sendable {
    /// Seconds each photo shows.
    public var interval: Int
    public var isPaused = false

    public init(interval: Int) { self.interval = interval }
}

/// Each of these answers with the state, published with `slideshow` as it
/// now is, like every other action of the logic.
extension PhotoViewerLogic {
    /// Plays a slideshow from the photo shown; returns once it stops (at
    /// the last photo, on `stopSlideshow`, or when the calling task is
    /// cancelled), leaving that photo shown.
    @discardableResult
    public func playSlideshow(every interval: Int) async -> State {
        slideshow = Slideshow(interval: max(1, interval))
        republish()
        var waited = 0
        while let show = slideshow, !Task.isCancelled {
            try? await clock.sleep(for: .seconds(1))
            guard let current = slideshow, !Task.isCancelled else { break }
            if current.isPaused { continue }
            waited += 1
            guard waited >= show.interval else { continue }
            waited = 0
            guard hasNext else { break }
            await step(1)
        }
        guard slideshow != nil else { return state }
        slideshow = nil
        return republish()
    }

    /// Space: pauses the slideshow, or goes on with it.
    @discardableResult
    public func pauseSlideshow() -> State {
        slideshow?.isPaused.toggle()
        return republish()
    }

    /// Seconds per photo from now on, in the slideshow playing and the
    /// next one.
    @discardableResult
    public func setSlideshowInterval(_ seconds: Int) -> State {
        slideshowInterval = max(1, seconds)
        slideshow?.interval = slideshowInterval
        return republish()
    }

    /// Escape: the slideshow ends on the photo shown.
    @discardableResult
    public func stopSlideshow() -> State {
        guard slideshow != nil else { return state }
        slideshow = nil
        return republish()
    }
}
