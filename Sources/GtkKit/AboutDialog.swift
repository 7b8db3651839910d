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
    public init(_ info: AboutInfo, parent: Window? = nil) {
        super.init(lb_object(gtk_about_dialog_new()), transfer: .none)
        let dialog = lb_about_dialog(gobject)
        gtk_about_dialog_set_program_name(dialog, info.programName)
        gtk_about_dialog_set_version(dialog, info.version)
        gtk_about_dialog_set_comments(dialog, info.comments)
        gtk_about_dialog_set_website(dialog, info.website)
        gtk_about_dialog_set_logo_icon_name(dialog, info.iconName)
        gtk_about_dialog_set_copyright(dialog, info.copyright)
        gtk_about_dialog_set_license_type(dialog, GTK_LICENSE_GPL_3_0)
        lb_about_dialog_set_authors(gobject, info.authors.joined(separator: "\n"))
        if let system = info.systemInformation { gtk_about_dialog_set_system_information(dialog, system) }
        if let credits = info.translatorCredits { gtk_about_dialog_set_translator_credits(dialog, credits) }
        // Translators: the About window's title; {name} is the program's name.
        title = tr("About {name}", ["name": info.programName])
        setTransientFor(parent)
        isModal = true
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
