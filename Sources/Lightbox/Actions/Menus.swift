import GtkKit

/// The menus of a main window's header bar.
@MainActor
enum Menus {
    /// The header bar's main menu.
    static func main() -> Menu {
        Menu(sections: [
            [("New Window", ActionNames.newWindow.detailed), ("Open Folder…", ActionNames.openFolder.detailed)],
            [("Select All", ActionNames.selectAll.detailed), ("Select None", ActionNames.selectNone.detailed),
             ("Move Rejected to Trash…", ActionNames.trashRejected.detailed)],
            [("Edit Profile…", ActionNames.editProfile.detailed), ("Preferences", ActionNames.preferences.detailed)],
            [("Keyboard Shortcuts", ActionNames.showShortcuts.detailed), ("About Lightbox", ActionNames.about.detailed)],
            [("Quit", ActionNames.quit.detailed)],
        ])
    }

    /// A photo window's menu.
    static func photo() -> Menu {
        Menu(sections: [
            [("Go to Next Photo After Rating", ActionNames.advanceAfterRating.detailed)],
            [("Rotate Left", ActionNames.rotateLeft.detailed), ("Rotate Right", ActionNames.rotateRight.detailed)],
            [("Slideshow", ActionNames.slideshow.detailed)] + [3, 5, 10].map { seconds in
                ("Every \(seconds) Seconds", ActionNames.slideshowInterval.detailed("\(seconds)"))
            },
            [("Clear Rating", ActionNames.rate.detailed("0")),
             ("Reject", ActionNames.reject.detailed)],
        ])
    }

    /// Rating the selected photos (over win.rate and win.reject).
    static func rate() -> Menu {
        Menu(sections: [
            (1...5).reversed().map { stars in
                (stars == 1 ? "1 Star" : "\(stars) Stars", ActionNames.rate.detailed("\(stars)"))
            },
            [("Clear Rating", ActionNames.rate.detailed("0")), ("Reject", ActionNames.reject.detailed)],
        ])
    }

    /// How the grid can be sorted (radio items over win.sort-key and
    /// win.sort-direction).
    static func sort() -> Menu {
        Menu(sections: [
            [("Name", ActionNames.sortKey.detailed("name")), ("Date Taken", ActionNames.sortKey.detailed("dateTaken")),
             ("Rating", ActionNames.sortKey.detailed("rating")), ("Size", ActionNames.sortKey.detailed("size"))],
            [("Ascending", ActionNames.sortDirection.detailed("ascending")),
             ("Descending", ActionNames.sortDirection.detailed("descending"))],
        ])
    }

    /// The rating filter: a minimum rating (radio items over
    /// win.minimum-rating) and what to do with rejected photos (over
    /// win.rejected).
    static func rating() -> Menu {
        Menu(sections: [
            [("All Photos", ActionNames.minimumRating.detailed("0"))],
            (1...5).map { stars in
                (stars == 5 ? "5 Stars" : stars == 1 ? "1 Star or More" : "\(stars) Stars or More", ActionNames.minimumRating.detailed("\(stars)"))
            },
            [("Show Rejected Photos", ActionNames.rejected.detailed("shown")),
             ("Hide Rejected Photos", ActionNames.rejected.detailed("hidden")),
             ("Only Rejected Photos", ActionNames.rejected.detailed("only"))],
        ])
    }
}
