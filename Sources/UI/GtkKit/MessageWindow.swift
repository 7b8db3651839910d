import CGtkShim

/// A small modal window asking one question with a few answers ("Save",
/// "Discard", "Cancel"): GTK 4.8 has no GtkAlertDialog, and
/// GtkMessageDialog is on its way out. Escape and the close button give
/// the cancel answer.
@MainActor
public final class MessageWindow: Window {
    public struct Choice: Sendable {
        public enum Style: Sendable { case normal, suggested, destructive }
        public let id: String
        public let label: String
        public let style: Style

        public init(_ id: String, label: String, style: Style = .normal) {
            self.id = id
            self.label = label
            self.style = style
        }
    }

    public let headingLabel = Label()
    public let bodyLabel = Label()
    /// The answer buttons, in the order given.
    public private(set) var buttons: [String: Button] = [:]
    /// A check box under the text ("Do this for all"), when asked for.
    public let option: CheckButton?
    private let cancelID: String
    private var response: (@MainActor (String) -> Void)?

    /// - Parameters:
    ///   - choices: the answers, left to right.
    ///   - cancelID: the answer Escape and the close button give.
    ///   - option: the label of a check box under the text, if any.
    ///   - extra: a widget under the text (an entry the answer needs).
    public init(title: String, heading: String, body: String, choices: [Choice], cancelID: String,
                option: String? = nil, extra: Widget? = nil, parent: Window?) {
        self.cancelID = cancelID
        self.option = option.map { CheckButton(mnemonic: $0) }
        super.init()
        self.title = title
        isModal = true
        setTransientFor(parent)
        gtk_window_set_resizable(window, 0)
        gtk_window_set_destroy_with_parent(window, 1)

        let content = Box(.vertical, spacing: 12)
        content.setMargins(24)
        headingLabel.text = heading
        headingLabel.addCssClass("title-2")
        headingLabel.wraps = true
        headingLabel.maxWidthChars = 40
        bodyLabel.text = body
        bodyLabel.wraps = true
        bodyLabel.maxWidthChars = 40
        bodyLabel.isVisible = !body.isEmpty
        content.append(headingLabel)
        content.append(bodyLabel)
        if let option = self.option { content.append(option) }
        if let extra { content.append(extra) }

        let row = Box(.horizontal, spacing: 12)
        row.halign = .end
        row.setMargins(top: 12, bottom: 0, start: 0, end: 0)
        for choice in choices {
            let button = Button(label: choice.label)
            switch choice.style {
            case .normal: break
            case .suggested: button.addCssClass("suggested-action")
            case .destructive: button.addCssClass("destructive-action")
            }
            button.onClicked { [weak self] in self?.answer(choice.id) }
            buttons[choice.id] = button
            row.append(button)
            if choice.style == .suggested { setDefaultWidget(button) }
        }
        content.append(row)
        setChild(content)

        let keys = KeyPressHandler()
        keys.onKeyPressed { [weak self] key, modifiers in
            guard key == "Escape", modifiers.isEmpty, let self else { return false }
            self.answer(self.cancelID)
            return true
        }
        addHandler(keys)
        onCloseRequest { [weak self] in
            guard let self else { return false }
            let response = self.response
            self.response = nil
            response?(self.cancelID)
            return false
        }
    }

    /// Shows the window; `response` gets the chosen answer's id once.
    public func present(_ response: @escaping @MainActor (String) -> Void) {
        self.response = response
        present()
    }

    /// Answers as if the person had pressed the button `id`, then closes.
    public func answer(_ id: String) {
        let response = self.response
        self.response = nil
        destroy()
        response?(id)
    }
}
