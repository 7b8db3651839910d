import CGtkShim
import Localization

/// One row of the keyboard shortcuts window.
public struct ShortcutDescription: Sendable {
    public var title: String
    public var accelerator: String

    public init(_ title: String, _ accelerator: String) {
        self.title = title
        self.accelerator = accelerator
    }
}

/// A titled group of shortcuts.
public struct ShortcutGroup: Sendable {
    public var title: String
    public var shortcuts: [ShortcutDescription]

    public init(_ title: String, _ shortcuts: [ShortcutDescription]) {
        self.title = title
        self.shortcuts = shortcuts
    }
}

/// A GtkShortcutsWindow. GTK 4.8 builds these only through GtkBuilder, so
/// the description is turned into builder XML here.
@MainActor
public final class ShortcutsWindow: Window {
    public init(groups: [ShortcutGroup]) {
        var error: UnsafeMutablePointer<GError>?
        let xml = Self.builderXML(groups)
        guard let window = lb_builder_object(xml, "shortcuts", &error) else {
            fatalError("Invalid shortcuts description: \(GtkError(consuming: error))")
        }
        super.init(window, transfer: .full)
    }

    static func builderXML(_ groups: [ShortcutGroup]) -> String {
        func property(_ name: String, _ value: String) -> String {
            "<property name=\"\(name)\">\(escape(value))</property>" // untranslated: GtkBuilder XML
        }
        let body = groups.map { group in
            // GTK 4.8's shortcut rows take no focus and say nothing of
            // their keys: each is made focusable, named after its title and
            // described by its keys, so Tab reads the window row by row.
            let rows = group.shortcuts.map { shortcut in
                "<child><object class=\"GtkShortcutsShortcut\">" // untranslated: GtkBuilder XML
                    + property("title", shortcut.title)
                    + property("accelerator", shortcut.accelerator)
                    + property("focusable", "true")
                    + "<accessibility>" + property("label", shortcut.title)
                    + property("description", Accelerator.label(shortcut.accelerator)) + "</accessibility>"
                    + "</object></child>"
            }.joined()
            return "<child><object class=\"GtkShortcutsGroup\">" + property("title", group.title) // untranslated: GtkBuilder XML
                + rows + "</object></child>"
        }.joined()
        return "<interface><object class=\"GtkShortcutsWindow\" id=\"shortcuts\">" // untranslated: GtkBuilder XML
            + property("modal", "true") + property("title", tr("Keyboard Shortcuts"))
            + "<child><object class=\"GtkShortcutsSection\">" + property("section-name", "shortcuts") // untranslated: GtkBuilder XML
            + body + "</object></child></object></interface>"
    }

    private static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
