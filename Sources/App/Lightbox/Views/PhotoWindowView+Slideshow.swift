import GtkKit
import LightboxCore
import Localization

extension PhotoWindowView {
    /// How a photo window looks while a slideshow plays: full screen, the
    /// screen kept awake, Space taken to pause it; it ends out of full
    /// screen on the photo it stopped at. The window renders every state
    /// published, most of them with the same slideshow: only a change to
    /// it does anything, so the pause is said once.
    @MainActor
    final class SlideshowScreen {
        private let window: ApplicationWindow
        private let picture: Picture
        /// Space is the buttons' key too: taken only while a slideshow plays.
        private let pauseAction: Action
        /// While a slideshow plays: the screen is kept from blanking.
        private var inhibition: UInt32?
        /// Whether the slideshow was last said to be paused.
        private var saidPaused = false
        /// Whether a slideshow is in the state last rendered.
        private var isShown = false

        init(window: ApplicationWindow, picture: Picture, pauseAction: Action) {
            self.window = window
            self.picture = picture
            self.pauseAction = pauseAction
            pauseAction.isEnabled = false
        }

        var isPlaying: Bool { inhibition != nil }

        /// Whether the keyboard is in a text field of the properties: Space
        /// is typed there, not taken to pause.
        var isTyping = false {
            didSet { enablePause() }
        }

        func render(_ show: Slideshow?) {
            isShown = show != nil
            enablePause()
            if show != nil, inhibition == nil {
                // Translators: why Lightbox keeps the screen from blanking, which the desktop may show.
                inhibition = window.inhibitIdle(reason: tr("Playing a slideshow"))
                window.fullscreen()
                picture.grabFocus()
            } else if show == nil, let cookie = inhibition {
                inhibition = nil
                window.allowIdle(cookie)
                window.unfullscreen()
            }
            if let show, show.isPaused != saidPaused {
                saidPaused = show.isPaused
                picture.announce(show.isPaused ? tr("Slideshow paused") : tr("Slideshow playing"))
            }
            if show == nil { saidPaused = false }
        }

        private func enablePause() {
            let enabled = isShown && !isTyping
            if pauseAction.isEnabled != enabled { pauseAction.isEnabled = enabled }
        }
    }
}
