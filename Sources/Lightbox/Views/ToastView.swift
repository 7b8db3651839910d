import GtkKit

/// A transient notification at the bottom of a window, with an optional
/// action button ("Undo"). It hides itself after a few seconds.
@MainActor
final class ToastView {
    let root: Revealer
    private let message = Label()
    private let actionButton = Button(label: "_Undo")
    private let closeButton = Button(iconName: "window-close-symbolic", accessibleLabel: "Dismiss")
    private var action: (() -> Void)?
    private var hideTask: Task<Void, Never>?

    init() {
        let box = Box(.horizontal, spacing: 12, [message, actionButton, closeButton])
        box.addCssClass("toast")
        box.setMargins(top: 6, bottom: 6, start: 16, end: 6)
        message.wraps = true
        message.setAccessibleDescription("Notification")
        closeButton.hasFrame = false
        root = Revealer(child: box, transition: .slideUp)
        root.halign = .center
        root.valign = .end
        root.setMargins(top: 0, bottom: 24, start: 12, end: 12)
        root.revealsChild = false
        actionButton.onClicked { [weak self] in
            let action = self?.action
            self?.dismiss()
            action?()
        }
        closeButton.onClicked { [weak self] in self?.dismiss() }
    }

    /// Shows `text` with a button labelled `actionLabel` running `action`.
    func show(_ text: String, actionLabel: String? = nil, action: (() -> Void)? = nil, seconds: Double = 8) {
        message.text = text
        self.action = action
        actionButton.isVisible = action != nil
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
        action = nil
        root.revealsChild = false
    }
}
