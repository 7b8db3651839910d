import GtkKit

/// The action names the menus, buttons and accelerators share.
enum ActionName {
    static let openFolder = "win.open-folder"
    static let closeWindow = "win.close"
    static let showShortcuts = "win.show-help-overlay"
    static let newWindow = "app.new-window"
    static let editProfile = "app.edit-profile"
    static let about = "app.about"
    static let quit = "app.quit"

    /// Accelerators, in GTK's syntax, for each action above that has one.
    static let accelerators: [(action: String, keys: [String])] = [
        (openFolder, ["<Control>o"]),
        (closeWindow, ["<Control>w"]),
        (showShortcuts, ["<Control>question"]),
        (newWindow, ["<Control>n"]),
        (editProfile, ["<Control>comma"]),
        (quit, ["<Control>q"]),
    ]
}

@MainActor
enum AppMenus {
    /// The header bar's main menu.
    static func main() -> Menu {
        Menu(sections: [
            [("New Window", ActionName.newWindow), ("Open Folder…", ActionName.openFolder)],
            [("Edit Profile…", ActionName.editProfile)],
            [("Keyboard Shortcuts", ActionName.showShortcuts), ("About Lightbox", ActionName.about)],
            [("Quit", ActionName.quit)],
        ])
    }

    /// What the Keyboard Shortcuts window lists.
    static let shortcuts: [ShortcutGroup] = [
        ShortcutGroup("General", [
            ShortcutDescription("Open a folder", "<Control>o"),
            ShortcutDescription("New window", "<Control>n"),
            ShortcutDescription("Edit profile", "<Control>comma"),
            ShortcutDescription("Show the main menu", "F10"),
            ShortcutDescription("Keyboard shortcuts", "<Control>question"),
            ShortcutDescription("Close the window", "<Control>w"),
            ShortcutDescription("Quit", "<Control>q"),
        ]),
    ]
}
