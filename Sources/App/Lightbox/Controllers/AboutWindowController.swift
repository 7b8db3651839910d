import GtkKit
import Imaging
import LightboxCore
import Localization

/// Binds the About window: it shows what Lightbox says of itself, and
/// tells the flow when it has closed.
@MainActor
final class AboutWindowController {
    private let view: AboutWindowView
    private let send: (AppAction) -> Void

    init(view: AboutWindowView, send: @escaping (AppAction) -> Void) {
        self.view = view
        self.send = send
        view.onIntent = { [weak self] intent in self?.handle(intent) }
        view.render(Self.info)
    }

    private func handle(_ intent: AboutWindowView.Intent) {
        switch intent {
        case .closed: send(.aboutWindowClosed(self))
        }
    }

    /// What the window says: the sandbox the decoders run in is read now,
    /// and the translators' credit only when the language has one.
    private static var info: AboutInfo {
        // Translators: your names, one per line (with an email address or
        // a web page if you like), shown on the About window's Credits page.
        let translators = tr("translator-credits")
        return AboutInfo(
            programName: AppInfo.name, version: AppInfo.version, comments: AppInfo.summary,
            // Translators: the About dialog's authors.
            website: AppInfo.website, iconName: AppInfo.id, authors: [tr("The Lightbox developers")],
            // Translators: the About dialog's copyright line.
            copyright: tr("© 2026 The Lightbox developers"),
            systemInformation: DecoderSandboxText.describe(DecoderPool.shared.sandbox),
            // Untranslated (English), the message itself would be shown.
            translatorCredits: translators == "translator-credits" ? nil : translators)
    }

    // MARK: Asked by the flow

    func present() { view.perform(.present) }
}
