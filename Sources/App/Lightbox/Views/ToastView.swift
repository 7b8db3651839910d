import GtkKit
import Localization

/// A transient notification at the bottom of a window, with an optional
/// action button ("Undo"). It hides itself after a few seconds.
@MainActor
final class ToastView {
    let root: Revealer
    private let message = Label()
    private let actionButton = Button(label: tr("_Undo"))
    // Translators: the button that closes a notice.
    private let closeButton = Button(iconName: "window-close-symbolic", accessibleLabel: tr("Dismiss"))
    private var hideTask: Task<Void, Never>?

    init() {
        let box = Box(.horizontal, spacing: 12, [message, actionButton, closeButton])
        box.addCssClass("toast")
        box.setMargins(top: 6, bottom: 6, start: 16, end: 6)
        message.wraps = true
        // Translators: what a screen reader says of the notice shown at the bottom of a window.
        message.setAccessibleDescription(tr("Notification"))
        closeButton.hasFrame = false
        root = Revealer(child: box, transition: .slideUp)
        root.halign = .center
        root.valign = .end
        root.setMargins(top: 0, bottom: 24, start: 12, end: 12)
        root.revealsChild = false
        actionButton.onClicked { [weak self] in
            self?.dismiss()
            self?.onIntent(.buttonPressed)
        }
        closeButton.onClicked { [weak self] in self?.dismiss() }
    }

    enum Intent {
        /// The notice's button ("Undo", "Cancel") was pressed.
        case buttonPressed
    }

    var onIntent: (Intent) -> Void = { _ in }

    /// Shows `text`, with a button labelled `actionLabel` when given.
    func show(_ text: String, actionLabel: String? = nil, seconds: Double = 8) {
        message.text = text
        actionButton.isVisible = actionLabel != nil
        if let actionLabel { actionButton.label = actionLabel }
        root.revealsChild = true
        hideTask?.cancel()
        hideTask = Task { [weak self] in
            try? await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
            if !Task.isCancelled { self?.dismiss() }
        }
    }

    var isShown: Bool { root.revealsChild }
    var text: String { message.text }

    func dismiss() {
        hideTask?.cancel()
        hideTask = nil
        root.revealsChild = false
    }
}
