import GtkKit
import LightboxCore
import Localization

/// How a photo window looks while a slideshow plays.
extension PhotoWindowView {
    /// A slideshow plays full screen, the screen kept awake; it ends
    /// out of full screen on the photo it stopped at.
    func renderSlideshow(_ show: Slideshow?) {
        pauseSlideshow.isEnabled = show != nil
        if show != nil, slideshowInhibition == nil {
            // Translators: why Lightbox keeps the screen from blanking, which the desktop may show.
            slideshowInhibition = window.inhibitIdle(reason: tr("Playing a slideshow"))
            window.fullscreen()
            picture.grabFocus()
        } else if show == nil, let cookie = slideshowInhibition {
            slideshowInhibition = nil
            window.allowIdle(cookie)
            window.unfullscreen()
        }
        if let show, show.isPaused != slideshowPaused {
            slideshowPaused = show.isPaused
            picture.announce(show.isPaused ? tr("Slideshow paused") : tr("Slideshow playing"))
        }
        if show == nil { slideshowPaused = false }
    }
}
