import GtkKit
import LightboxCore
import Localization

/// The menus of a main window's header bar.
@MainActor
enum Menus {
    /// The header bar's main menu.
    static func main() -> Menu {
        Menu(sections: [
            [(tr("New Window"), ActionNames.newWindow.detailed), (tr("Open Folder…"), ActionNames.openFolder.detailed)],
            [(tr("Select All"), ActionNames.selectAll.detailed), (tr("Select None"), ActionNames.selectNone.detailed),
             (tr("Move Rejected to Trash…"), ActionNames.trashRejected.detailed)],
            [(tr("Edit Profile…"), ActionNames.editProfile.detailed), (tr("Preferences"), ActionNames.showPreferences.detailed)],
            [(tr("Keyboard Shortcuts"), ActionNames.showShortcuts.detailed), (tr("About Lightbox"), ActionNames.showAbout.detailed)],
            [(tr("Quit"), ActionNames.quit.detailed)],
        ])
    }

    /// A photo window's menu.
    static func photo() -> Menu {
        Menu(sections: [
            [(tr("Go to Next Photo After Rating"), ActionNames.advanceAfterRating.detailed)],
            [(tr("Rotate Left"), ActionNames.rotateLeft.detailed), (tr("Rotate Right"), ActionNames.rotateRight.detailed)],
            [(tr("Slideshow"), ActionNames.slideshow.detailed)] + [3, 5, 10].map { seconds in
                // Translators: how long the slideshow shows each photo (a menu item).
                (trn("Every {count} Second", "Every {count} Seconds", count: seconds),
                 ActionNames.slideshowInterval.detailed("\(seconds)"))
            },
            [(tr("Clear Rating"), ActionNames.rate.detailed("0")),
             // Translators: a menu item marking the photo as rejected (a verb).
             (tr("Reject"), ActionNames.toggleRejected.detailed)],
        ])
    }

    /// Rating the selected photos (over win.rate and win.reject).
    static func rate() -> Menu {
        Menu(sections: [
            (1...5).reversed().map { stars in
                // Translators: a rating, in the rate menu and the rating filter.
                (trn("{count} Star", "{count} Stars", count: stars), ActionNames.rate.detailed("\(stars)"))
            },
            [(tr("Clear Rating"), ActionNames.rate.detailed("0")), (tr("Reject"), ActionNames.toggleRejected.detailed)],
        ])
    }

    /// How the grid can be sorted (radio items over win.sort-key and
    /// win.sort-direction).
    static func sort() -> Menu {
        Menu(sections: [
            // Translators: what the photo grid is sorted by (the sort menu).
            [(tr("Name"), ActionNames.sortKey.detailed("name")),
             (tr("Date Taken"), ActionNames.sortKey.detailed("dateTaken")),
             // Translators: what the photo grid is sorted by (the sort menu).
             (tr("Rating"), ActionNames.sortKey.detailed("rating")),
             // Translators: what the photo grid is sorted by (the sort menu): the files' sizes.
             (tr("Size"), ActionNames.sortKey.detailed("size"))],
            // Translators: the sort direction (the sort menu).
            [(tr("Ascending"), ActionNames.sortDirection.detailed("ascending")),
             (tr("Descending"), ActionNames.sortDirection.detailed("descending"))],
        ])
    }

    /// The grid's thumbnail size: a step larger or smaller, and the levels
    /// (radio items over win.grid-zoom).
    static func thumbnailSize() -> Menu {
        Menu(sections: [
            [(tr("Larger Thumbnails"), ActionNames.gridLarger.detailed),
             (tr("Smaller Thumbnails"), ActionNames.gridSmaller.detailed)],
            // Translators: thumbnail sizes in the grid (the Thumbnail Size menu).
            [(tr("Small"), ActionNames.gridZoom.detailed(GridZoom.small.rawValue)),
             (tr("Medium"), ActionNames.gridZoom.detailed(GridZoom.medium.rawValue)),
             // Translators: thumbnail sizes in the grid (the Thumbnail Size menu).
             (tr("Large"), ActionNames.gridZoom.detailed(GridZoom.large.rawValue)),
             (tr("Extra Large"), ActionNames.gridZoom.detailed(GridZoom.extraLarge.rawValue))],
        ])
    }

    /// Labelling the selected photos and adding a keyword to them (over
    /// win.label and win.add-keyword).
    static func tag() -> Menu {
        Menu(sections: [
            ColorLabel.allCases.map { label in
                // Translators: a menu item giving the selected photos a colour label ("Red Label").
                (tr("{label} Label", ["label": label.title]), ActionNames.toggleLabel.detailed(label.rawValue))
            },
            [(tr("Add Keyword…"), ActionNames.addKeyword.detailed),
             (tr("Remove Keyword…"), ActionNames.removeKeyword.detailed)],
        ])
    }

    /// The filter menu's fixed part: "Show All Photos", a minimum rating
    /// (radio items over win.minimum-rating), what to do with rejected
    /// photos (over win.rejected), labels (check items) and the kind of
    /// file (radio items over win.file-kind). FilterMenuView adds the
    /// keyword and camera submenus.
    static func filter() -> Menu {
        Menu(sections: [
            // Translators: the filter menu's first item: every filter off (the search stays).
            [(tr("Show All Photos"), ActionNames.clearFilters.detailed)],
            [(tr("Any Rating"), ActionNames.minimumRating.detailed("0"))] +
            (1...5).map { stars in
                (stars == 5 ? trn("{count} Star", "{count} Stars", count: stars)
                    // Translators: the rating filter, showing the photos rated this many stars or more.
                    : trn("{count} Star or More", "{count} Stars or More", count: stars),
                 ActionNames.minimumRating.detailed("\(stars)"))
            },
            [(tr("Show Rejected Photos"), ActionNames.rejected.detailed("shown")),
             (tr("Hide Rejected Photos"), ActionNames.rejected.detailed("hidden")),
             (tr("Only Rejected Photos"), ActionNames.rejected.detailed("only"))],
            ColorLabel.allCases.map { label in
                // Translators: a check item of the filter menu: show the photos with this colour label ("Red Label").
                (tr("{label} Label", ["label": label.title]), ActionNames.labelFilter(label).detailed)
            },
            // Translators: the filter menu's file kinds: any photo; a RAW file (alone or with its JPEG);
            // a RAW file and its JPEG shown as one; no RAW file.
            [(tr("Any Kind of File"), ActionNames.fileKindFilter.detailed("any")),
             (tr("RAW Files"), ActionNames.fileKindFilter.detailed(PhotoFilter.FileKind.raw.rawValue)),
             (tr("RAW+JPEG Pairs"), ActionNames.fileKindFilter.detailed(PhotoFilter.FileKind.rawAndJPEG.rawValue)),
             (tr("No RAW File"), ActionNames.fileKindFilter.detailed(PhotoFilter.FileKind.noRaw.rawValue))],
        ])
    }
}
