import GtkKit

/// The About window: the program, its version, its authors and
/// translators, and how it decodes images here (its System page). It is a
/// dialog of the window the person used last.
@MainActor
final class AboutWindowView {
    enum Intent {
        /// The window closed (it is gone).
        case closed
    }

    enum Effect {
        case present
    }

    var onIntent: (Intent) -> Void = { _ in }

    let window = AboutDialog()
    private let application: Application

    init(application: Application) {
        self.application = application
        window.onCloseRequest { [weak self] in
            self?.onIntent(.closed)
            return false
        }
    }

    func render(_ info: AboutInfo) { window.update(info) }

    func perform(_ effect: Effect) {
        switch effect {
        case .present:
            window.setTransientForActiveWindow(of: application)
            window.present()
        }
    }
}
