/// A slideshow in a photo window: the next photo of the list it steps
/// through (its order and filter) every few seconds, until the last one,
/// a stop, or the window closing.
public struct Slideshow: Equatable, Sendable {
    /// Seconds each photo shows.
    public var interval: Int
    public var isPaused = false

    public init(interval: Int) { self.interval = interval }
}

/// The slideshow is part of the state (`State.slideshow`): each of these
/// publishes the state with it as it now is, and answers with that state,
/// like every other action of the logic.
extension PhotoViewerLogic {
    /// Plays a slideshow from the photo shown; returns once it stops (at
    /// the last photo, on `stopSlideshow`, when the photo is gone, or when
    /// the calling task is cancelled), leaving that photo shown.
    @discardableResult
    public func playSlideshow(every interval: Int) async -> State {
        publishChange { $0.slideshow = Slideshow(interval: max(1, interval)) }
        var waited = 0
        while let show = state.slideshow, !Task.isCancelled {
            try? await clock.sleep(for: .seconds(1))
            guard let current = state.slideshow, !Task.isCancelled else { break }
            if current.isPaused { continue }
            waited += 1
            guard waited >= show.interval else { continue }
            waited = 0
            guard nextExists else { break }
            await step(1)
        }
        guard state.slideshow != nil else { return state }
        return publishChange { $0.slideshow = nil }
    }

    /// Space: pauses the slideshow, or goes on with it.
    @discardableResult
    public func pauseSlideshow() -> State {
        publishChange { $0.slideshow?.isPaused.toggle() }
    }

    /// Seconds per photo from now on, in the slideshow playing and the
    /// next one.
    @discardableResult
    public func setSlideshowInterval(_ seconds: Int) -> State {
        publishChange { state in
            state.slideshowInterval = max(1, seconds)
            state.slideshow?.interval = state.slideshowInterval
        }
    }

    /// Escape: the slideshow ends on the photo shown.
    @discardableResult
    public func stopSlideshow() -> State {
        guard state.slideshow != nil else { return state }
        return publishChange { $0.slideshow = nil }
    }
}
