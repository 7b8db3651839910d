import GtkKit

/// The action names the menus, buttons and accelerators share.
enum ActionName {
    static let openFolder = "win.open-folder"
    static let closeWindow = "win.close"
    static let showShortcuts = "app.shortcuts"
    static let newWindow = "app.new-window"
    static let editProfile = "app.edit-profile"
    static let about = "app.about"
    static let quit = "app.quit"
    static let search = "win.search"
    static let sortKey = "win.sort-key"
    static let sortDirection = "win.sort-direction"
    static let minimumRating = "win.minimum-rating"

    /// Accelerators, in GTK's syntax, for each action above that has one.
    static let accelerators: [(action: String, keys: [String])] = [
        (openFolder, ["<Control>o"]),
        (closeWindow, ["<Control>w"]),
        (showShortcuts, ["<Control>question"]),
        (newWindow, ["<Control>n"]),
        (editProfile, ["<Control>comma"]),
        (quit, ["<Control>q"]),
        (search, ["<Control>f"]),
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

    /// How the grid can be sorted (radio items over win.sort-key and
    /// win.sort-direction).
    static func sort() -> Menu {
        Menu(sections: [
            [("Name", "\(ActionName.sortKey)::name"), ("Date Taken", "\(ActionName.sortKey)::dateTaken"),
             ("Rating", "\(ActionName.sortKey)::rating"), ("Size", "\(ActionName.sortKey)::size")],
            [("Ascending", "\(ActionName.sortDirection)::ascending"),
             ("Descending", "\(ActionName.sortDirection)::descending")],
        ])
    }

    /// The minimum-rating filter (radio items over win.minimum-rating).
    static func rating() -> Menu {
        Menu(sections: [
            [("All Photos", "\(ActionName.minimumRating)::0")],
            (1...5).map { stars in
                (stars == 5 ? "5 Stars" : "\(stars) Stars or More", "\(ActionName.minimumRating)::\(stars)")
            },
        ])
    }

    /// What the Keyboard Shortcuts window lists.
    static let shortcuts: [ShortcutGroup] = [
        ShortcutGroup("General", [
            ShortcutDescription("Open a folder", "<Control>o"),
            ShortcutDescription("New window", "<Control>n"),
            ShortcutDescription("Edit profile", "<Control>comma"),
            ShortcutDescription("Show the main menu", "F10"),
            ShortcutDescription("Move between the header bar and the content", "F6"),
            ShortcutDescription("Keyboard shortcuts", "<Control>question"),
            ShortcutDescription("Close the window", "<Control>w"),
            ShortcutDescription("Quit", "<Control>q"),
        ]),
        ShortcutGroup("Photos", [
            ShortcutDescription("Search", "<Control>f"),
            ShortcutDescription("Open the selected photo", "Return"),
            ShortcutDescription("First and last photo", "Home End"),
        ]),
        ShortcutGroup("Photo Window", [
            ShortcutDescription("Previous and next photo", "Left Right"),
            ShortcutDescription("Zoom in and out", "plus minus"),
            ShortcutDescription("Best fit", "<Control>0"),
            ShortcutDescription("Actual size (100%)", "<Control>1"),
            ShortcutDescription("Rate 1 to 5 stars, or clear the rating", "1 5 0"),
            ShortcutDescription("Properties", "F9"),
            ShortcutDescription("Full screen", "F11"),
            ShortcutDescription("Move to trash", "Delete"),
            ShortcutDescription("Leave full screen, or close the photo", "Escape"),
        ]),
        ShortcutGroup("Profile Window", [
            ShortcutDescription("Save the profile", "<Control>s"),
            ShortcutDescription("Cancel editing", "Escape"),
        ]),
    ]
}
