import GtkKit
import LightboxCore
import Localization

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

    /// The arrow keys to the previous and the next photo: a right-to-left
    /// window puts the previous photo's button on the right, and the keys
    /// follow the buttons.
    @MainActor
    private static var previousAndNext: (String, String) { Gtk.isRightToLeft ? ("Right", "Left") : ("Left", "Right") }

    /// Computed, so that its text is translated after start-up.
    @MainActor
    static var groups: [Group] {
        let (previous, next) = previousAndNext
        return [
        // Translators: a section title of the Keyboard Shortcuts window.
        Group(title: tr("General"), bindings: [
            bind(ActionNames.openFolder, ["<Control>o"], tr("Open a folder")),
            // The keyboards' own Back and Forward keys too (GTK's key names).
            bind(ActionNames.goBack, ["<Alt>Left", "Back"], tr("Back to the folder shown before")),  // untranslated: key names
            bind(ActionNames.goForward, ["<Alt>Right", "Forward"], tr("Forward again")),  // untranslated: key names
            // Translators: F9 in a main window: the side panel with the folders inside the one shown.
            bind(ActionNames.sidebar, ["F9"], tr("Show or hide the folders")),
            bind(ActionNames.newWindow, ["<Control>n"], tr("New window")),
            bind(ActionNames.showPreferences, ["<Control>comma"], tr("Preferences")),
            shown(tr("Edit profile (main menu)"), "F10"),
            shown(tr("Show the main menu"), "F10"),
            bind(ActionNames.switchPane, ["F6", "<Shift>F6"], tr("Move between the header bar and the content")),
            bind(ActionNames.showShortcuts, ["<Control>question"], tr("Keyboard shortcuts")),
            bind(ActionNames.closeWindow, ["<Control>w"], tr("Close the window")),
            bind(ActionNames.quit, ["<Control>q"], tr("Quit")),
        ]),
        // Translators: a section title of the Keyboard Shortcuts window.
        Group(title: tr("Photos"), bindings: [
            bind(ActionNames.toggleSearch, ["<Control>f"], tr("Search")),
            shown(tr("Open the photo, or every selected photo"), "Return"),
            shown(tr("First and last photo"), "Home End"),
            bind(ActionNames.gridLarger, ["<Control>plus", "<Control>equal", "<Control>KP_Add"]),
            bind(ActionNames.gridSmaller, ["<Control>minus", "<Control>KP_Subtract"]),
            shown(tr("Larger and smaller thumbnails"), "<Control>plus <Control>minus"),
        ]),
        Group(title: tr("Selecting Photos"), bindings: [
            shown(tr("Select a photo, or add it to the selection"), "<Control>space"),
            shown(tr("Extend the selection"), "<Shift>Right"),
            shown(tr("Select all"), "<Control>a"),
            shown(tr("Select none"), "Escape"),
            shown(tr("Rate or reject the selected photos"), "1 5 0 x"),
            shown(tr("Give the selected photos a colour label, or take it away"), "6 9"),
            bind(ActionNames.addKeyword, ["<Control>k"], tr("Add a keyword to the selected photos")),
            shown(tr("Move the selected photos to the trash"), "Delete"),
            bind(ActionNames.compare, ["c"], tr("Compare the selected photos side by side (two to four)")),
            bind(ActionNames.copyFiles, ["<Control>c"], tr("Copy the photos, to paste in a file manager")),
            bind(ActionNames.copyPaths, ["<Control><Shift>c"], tr("Copy the photos’ paths as text")),
            bind(ActionNames.paste, ["<Control>v"], tr("Paste photos copied in a file manager into the folder")),
            bind(ActionNames.copyTo, ["F7"], tr("Copy to a folder")),
            bind(ActionNames.moveTo, ["F8"], tr("Move to a folder")),
            bind(ActionNames.openWith, ["<Control><Shift>o"], tr("Open with another application")),
            bind(ActionNames.showInFiles, ["<Control><Alt>o"], tr("Show in the file manager")),
            // Translators: the keys of the photos' context menu, Shift+F10 (or the Menu key) as in every GNOME application.
            shown(tr("Open the menu of the photo, or of the selected photos"), "<Shift>F10"),
            shown(tr("Rotate the selected photos"), "<Control>r <Control><Shift>r"),
        ]),
        Group(title: tr("Photo Window"), bindings: [
            bind(ActionNames.previous, [previous]), bind(ActionNames.next, [next]),
            shown(tr("Previous and next photo"), "\(previous) \(next)"),
            bind(ActionNames.zoomIn, ["plus", "equal", "KP_Add"]),
            bind(ActionNames.zoomOut, ["minus", "KP_Subtract"]),
            shown(tr("Zoom in and out"), "plus minus"),
            bind(ActionNames.zoomFit, ["<Control>0"], tr("Best fit")),
            bind(ActionNames.zoomActual, ["<Control>1"], tr("Actual size (100%)")),
        ] + (0...5).map { stars in
            // U clears too, as "unflag" does in other culling tools; 0 is
            // the rating it sets.
            Binding(action: ActionNames.rate.detailed("\(stars)"),
                    keys: ["\(stars)", "KP_\(stars)"] + (stars == 0 ? ["u"] : []), title: nil)
        } + [
            shown(tr("Rate 1 to 5 stars, or clear the rating"), "1 5 0"),
            shown(tr("Clear the rating"), "u"),
            bind(ActionNames.toggleRejected, ["x"], tr("Reject the photo, or take the rejection back")),
        ] + ColorLabel.allCases.compactMap { label in
            label.key.map { key in
                Binding(action: ActionNames.toggleLabel.detailed(label.rawValue), keys: ["\(key)", "KP_\(key)"], title: nil)
            }
        } + [
            // Translators: 6 to 9 are the keys; red, yellow, green and blue the labels they give, in that order.
            shown(tr("Red, yellow, green or blue label (again: take it away)"), "6 9"),
            // Ctrl+R as Eye of GNOME and Loupe; ] and [ as gThumb.
            bind(ActionNames.rotateRight, ["<Control>r", "bracketright"], tr("Rotate clockwise (saved in the photo)")),
            bind(ActionNames.rotateLeft, ["<Control><Shift>r", "bracketleft"], tr("Rotate counter-clockwise")),
            bind(ActionNames.properties, ["F9"], tr("Properties")),
            // Translators: Ctrl+K in a photo window: the properties show, the keyboard in their keyword entry.
            shown(tr("Add a keyword (in the properties)"), "<Control>k"),
            // Translators: J in a photo window (a shortcut's description).
            bind(ActionNames.showClipping, ["j"], tr("Show clipping: highlights at white in red, deep shadows in blue")),
            // Translators: H in a photo window (a shortcut's description).
            bind(ActionNames.showHistogram, ["h"], tr("Show the histogram over the photo")),
            // Translators: P in a photo window (a shortcut's description).
            bind(ActionNames.showPeaking, ["p"], tr("Focus peaking: the sharp edges in green")),
            // Translators: F in a photo window (a shortcut's description).
            bind(ActionNames.showFocusPoints, ["f"], tr("Show where the camera focused")),
            // Translators: Z in a photo window (a shortcut's description).
            bind(ActionNames.zoomToFocusPoint, ["z"], tr("Zoom to the focus point (100 %), photo after photo")),
            bind(ActionNames.fullscreen, ["F11"], tr("Full screen")),
            bind(ActionNames.startSlideshow, ["F5"], tr("Slideshow (Escape leaves it on the photo shown)")),
            bind(ActionNames.pauseSlideshow, ["space"], tr("Pause or go on with the slideshow")),
            bind(ActionNames.trash, ["Delete"], tr("Move to trash")),
            bind(ActionNames.escape, ["Escape"], tr("Leave full screen, or close the photo (or the preferences)")),
        ]),
        Group(title: tr("Profile Window"), bindings: [
            bind(ActionNames.save, ["<Control>s"], tr("Save the profile")),
            bind(ActionNames.cancelEditing, ["Escape"], tr("Cancel editing")),
        ]),
        ]
    }

    /// The keys shown for `action` (the first bound), if it has any.
    @MainActor
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
    @MainActor
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
