import GtkKit

/// The keys of every action: the one place shortcuts are bound (as
/// application accelerators, which reach each window that has the action)
/// and what the Keyboard Shortcuts window lists.
enum Keyboard {
    struct Binding {
        /// The detailed action ("win.rate::3"); nil for keys GTK handles
        /// itself, or a row that sums up others.
        let action: String?
        /// In GTK's syntax; the first is the one shown.
        let keys: [String]
        /// What the shortcuts window says; nil keeps it out of the window.
        let title: String?
    }

    struct Group {
        let title: String
        let bindings: [Binding]
    }

    private static func bind(_ action: ActionID, _ keys: [String], _ title: String? = nil) -> Binding {
        Binding(action: action.detailed, keys: keys, title: title)
    }

    /// A row of the shortcuts window binding nothing itself.
    private static func shown(_ title: String, _ keys: String) -> Binding {
        Binding(action: nil, keys: [keys], title: title)
    }

    static let groups: [Group] = [
        Group(title: "General", bindings: [
            bind(ActionNames.openFolder, ["<Control>o"], "Open a folder"),
            bind(ActionNames.newWindow, ["<Control>n"], "New window"),
            bind(ActionNames.preferences, ["<Control>comma"], "Preferences"),
            shown("Edit profile (main menu)", "F10"),
            shown("Show the main menu", "F10"),
            bind(ActionNames.switchPane, ["F6", "<Shift>F6"], "Move between the header bar and the content"),
            bind(ActionNames.showShortcuts, ["<Control>question"], "Keyboard shortcuts"),
            bind(ActionNames.closeWindow, ["<Control>w"], "Close the window"),
            bind(ActionNames.quit, ["<Control>q"], "Quit"),
        ]),
        Group(title: "Photos", bindings: [
            bind(ActionNames.search, ["<Control>f"], "Search"),
            shown("Open the photo, or every selected photo", "Return"),
            shown("First and last photo", "Home End"),
        ]),
        Group(title: "Selecting Photos", bindings: [
            shown("Select a photo, or add it to the selection", "<Control>space"),
            shown("Extend the selection", "<Shift>Right"),
            shown("Select all", "<Control>a"),
            shown("Select none", "Escape"),
            shown("Rate or reject the selected photos", "1 5 0 x"),
            shown("Move the selected photos to the trash", "Delete"),
            bind(ActionNames.compare, ["c"], "Compare the two selected photos side by side"),
            bind(ActionNames.copyFiles, ["<Control>c"], "Copy the photos, to paste in a file manager"),
            bind(ActionNames.copyPaths, ["<Control><Shift>c"], "Copy the photos’ paths as text"),
            bind(ActionNames.copyTo, ["F7"], "Copy to a folder"),
            bind(ActionNames.moveTo, ["F8"], "Move to a folder"),
            bind(ActionNames.openWith, ["<Control><Shift>o"], "Open with another application"),
            bind(ActionNames.showInFiles, ["<Control><Alt>o"], "Show in the file manager"),
        ]),
        Group(title: "Photo Window", bindings: [
            bind(ActionNames.previous, ["Left"]), bind(ActionNames.next, ["Right"]),
            shown("Previous and next photo", "Left Right"),
            bind(ActionNames.zoomIn, ["plus", "equal", "KP_Add"]),
            bind(ActionNames.zoomOut, ["minus", "KP_Subtract"]),
            shown("Zoom in and out", "plus minus"),
            bind(ActionNames.zoomFit, ["<Control>0"], "Best fit"),
            bind(ActionNames.zoomActual, ["<Control>1"], "Actual size (100%)"),
        ] + (0...5).map { stars in
            // U clears too, as "unflag" does in other culling tools; 0 is
            // the rating it sets.
            Binding(action: ActionNames.rate.detailed("\(stars)"),
                    keys: ["\(stars)", "KP_\(stars)"] + (stars == 0 ? ["u"] : []), title: nil)
        } + [
            shown("Rate 1 to 5 stars, or clear the rating", "1 5 0"),
            shown("Clear the rating", "u"),
            bind(ActionNames.reject, ["x"], "Reject the photo, or take the rejection back"),
            // Ctrl+R as Eye of GNOME and Loupe; ] and [ as gThumb.
            bind(ActionNames.rotateRight, ["<Control>r", "bracketright"], "Rotate clockwise (saved in the photo)"),
            bind(ActionNames.rotateLeft, ["<Control><Shift>r", "bracketleft"], "Rotate counter-clockwise"),
            bind(ActionNames.properties, ["F9"], "Properties"),
            bind(ActionNames.fullscreen, ["F11"], "Full screen"),
            bind(ActionNames.slideshow, ["F5"], "Slideshow (Escape leaves it on the photo shown)"),
            bind(ActionNames.pauseSlideshow, ["space"], "Pause or go on with the slideshow"),
            bind(ActionNames.trash, ["Delete"], "Move to trash"),
            bind(ActionNames.escape, ["Escape"], "Leave full screen, or close the photo (or the preferences)"),
        ]),
        Group(title: "Profile Window", bindings: [
            bind(ActionNames.save, ["<Control>s"], "Save the profile"),
            bind(ActionNames.cancelEditing, ["Escape"], "Cancel editing"),
        ]),
    ]

    /// The keys shown for `action` (the first bound), if it has any.
    static func keys(for action: ActionID) -> String? {
        groups.lazy.flatMap(\.bindings).first { $0.action == action.detailed }?.keys.first
    }

    /// Binds every action's keys in `application`.
    @MainActor
    static func install(in application: Application) {
        for group in groups {
            for binding in group.bindings {
                if let action = binding.action { application.setAccelerators(binding.keys, for: action) }
            }
        }
    }

    /// What the Keyboard Shortcuts window shows: the titled bindings.
    static var shortcutGroups: [ShortcutGroup] {
        groups.map { group in
            ShortcutGroup(group.title, group.bindings.compactMap { binding in
                binding.title.map { ShortcutDescription($0, binding.keys[0]) }
            })
        }
    }
}

extension Button {
    /// An icon button that activates `action`, its tooltip naming the
    /// action's keys.
    convenience init(for action: ActionID, iconName: String, label: String) {
        self.init(iconName: iconName, accessibleLabel: label, keys: Keyboard.keys(for: action))
        actionName = action.detailed
    }
}
