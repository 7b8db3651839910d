import CGtkShim
import Localization

/// What the about window says.
public struct AboutInfo: Sendable {
    public var programName: String
    public var version: String
    public var comments: String
    public var website: String
    public var iconName: String
    public var authors: [String]
    public var copyright: String
    /// Shown under "System" (how the app runs here), if anything.
    public var systemInformation: String?
    /// The translators of the language shown, one per line, if any.
    public var translatorCredits: String?

    public init(programName: String, version: String, comments: String, website: String,
                iconName: String, authors: [String], copyright: String, systemInformation: String? = nil,
                translatorCredits: String? = nil) {
        self.programName = programName
        self.version = version
        self.comments = comments
        self.website = website
        self.iconName = iconName
        self.authors = authors
        self.copyright = copyright
        self.systemInformation = systemInformation
        self.translatorCredits = translatorCredits
    }
}

/// A GtkAboutDialog.
@MainActor
public final class AboutDialog: Window {
    /// An About window saying nothing yet (see `update`).
    public init(parent: Window? = nil) {
        super.init(lb_object(gtk_about_dialog_new()), transfer: .none)
        gtk_about_dialog_set_license_type(lb_about_dialog(gobject), GTK_LICENSE_GPL_3_0)
        setTransientFor(parent)
        isModal = true
    }

    /// Says what `info` says.
    public func update(_ info: AboutInfo) {
        let dialog = lb_about_dialog(gobject)
        gtk_about_dialog_set_program_name(dialog, info.programName)
        gtk_about_dialog_set_version(dialog, info.version)
        gtk_about_dialog_set_comments(dialog, info.comments)
        gtk_about_dialog_set_website(dialog, info.website)
        gtk_about_dialog_set_logo_icon_name(dialog, info.iconName)
        gtk_about_dialog_set_copyright(dialog, info.copyright)
        lb_about_dialog_set_authors(gobject, info.authors.joined(separator: "\n"))
        gtk_about_dialog_set_system_information(dialog, info.systemInformation)
        gtk_about_dialog_set_translator_credits(dialog, info.translatorCredits)
        // Translators: the About window's title; {name} is the program's name.
        title = tr("About {name}", ["name": info.programName])
    }

    /// The "Translated by" credits, if any.
    public var translatorCredits: String? {
        gtk_about_dialog_get_translator_credits(lb_about_dialog(gobject)).map { String(cString: $0) }
    }

    /// What the "System" page says.
    public var systemInformation: String? {
        gtk_about_dialog_get_system_information(lb_about_dialog(gobject)).map { String(cString: $0) }
    }
}
