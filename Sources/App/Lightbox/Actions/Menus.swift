import GtkKit
import LightboxCore
import Localization

/// The menus of a main window (its header bar's, its grid's context menus,
/// its selection bar's) and of a photo window.
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
            [(tr("Go to Next Photo After Rating"), ActionNames.advanceAfterRating.detailed),
             // Translators: a check item of a photo window's menu (J): clipped highlights and shadows marked.
             (tr("Show Clipping"), ActionNames.showClipping.detailed),
             // Translators: a check item of a photo window's menu (H): the histogram over the photo's corner.
             (tr("Show Histogram"), ActionNames.showHistogram.detailed),
             // Translators: a check item of a photo window's menu (P): the sharp edges marked in green.
             (tr("Focus Peaking"), ActionNames.showPeaking.detailed),
             // Translators: a check item of a photo window's menu (F): the camera's focus points drawn on the photo.
             (tr("Show Focus Point"), ActionNames.showFocusPoints.detailed),
             // Translators: a check item of a photo window's menu (Z): each photo at 100 % on its focus point.
             (tr("Zoom to Focus Point"), ActionNames.zoomToFocusPoint.detailed)],
            [(tr("Rotate Left"), ActionNames.rotateLeft.detailed), (tr("Rotate Right"), ActionNames.rotateRight.detailed)],
            [(tr("Slideshow"), ActionNames.startSlideshow.detailed)] + [3, 5, 10].map { seconds in
                // Translators: how long the slideshow shows each photo (a menu item).
                (trn("Every {count} Second", "Every {count} Seconds", count: seconds),
                 ActionNames.slideshowInterval.detailed("\(seconds)"))
            },
            [(tr("Clear Rating"), ActionNames.rate.detailed("0")),
             // Translators: a menu item marking the photo as rejected (a verb).
             (tr("Reject"), ActionNames.toggleRejected.detailed)],
        ])
    }

    /// Rating the selected photos (over win.rate); rejecting them is an
    /// item of its own beside it, in the selection bar and the grid's menu.
    static func rate() -> Menu {
        Menu(sections: [
            (1...5).reversed().map { stars in
                // Translators: a rating, in the rate menu and the rating filter.
                (trn("{count} Star", "{count} Stars", count: stars), ActionNames.rate.detailed("\(stars)"))
            },
            [(tr("Clear Rating"), ActionNames.rate.detailed("0"))],
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
             (tr("Size"), ActionNames.sortKey.detailed("size")),
             // Translators: what the photo grid is sorted by (the sort menu): the sharpest photos first, as Lightbox measured them.
             (tr("Sharpest First"), ActionNames.sortKey.detailed("sharpness"))],
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

    /// What X does to the photos it acts on: rejects them, or, when all of
    /// them already are, takes the rejection back.
    static func rejectLabel(allRejected: Bool) -> String {
        allRejected
            // Translators: a button and a menu item that take back the rejection of the selected photos.
            ? tr("Take Back Rejection")
            // Translators: a menu item marking the photo as rejected (a verb).
            : tr("Reject")
    }

    /// The context menu of a photo in the grid (right click, the Menu key,
    /// Shift+F10, a long press). It acts on the selection, which the photo
    /// is part of (see PhotoGridView+ContextMenu), through the same window
    /// actions as the selection bar and the keys; those only some
    /// selections can use are hidden for the others.
    /// - Parameter allRejected: every photo it acts on is rejected.
    static func photoContext(allRejected: Bool) -> Menu {
        let menu = Menu()
        let open = Menu()
        // Translators: a context menu item opening the photo (or the selected photos) in a photo window.
        open.append(tr("Open"), action: ActionNames.openSelected.detailed)
        open.append(tr("Open With…"), action: ActionNames.openWith.detailed)
        open.append(tr("Show in Files"), action: ActionNames.showInFiles.detailed)
        open.appendHiddenWhenDisabled(tr("Compare Side by Side"), action: ActionNames.compare.detailed)
        menu.appendSection(open)
        let decide = Menu()
        // Translators: a context menu item opening the ratings (1 to 5 stars) of the selected photos.
        decide.appendSubmenu(rate(), label: tr("Rate"))
        decide.append(rejectLabel(allRejected: allRejected), action: ActionNames.toggleRejected.detailed)
        // Translators: a context menu item opening the colour labels and the keyword items.
        decide.appendSubmenu(tag(), label: tr("Label and Keywords"))
        menu.appendSection(decide)
        menu.appendSection(Menu(sections: [transferItems]))
        let turn = Menu()
        turn.append(tr("Rotate Left"), action: ActionNames.rotateLeft.detailed)
        turn.append(tr("Rotate Right"), action: ActionNames.rotateRight.detailed)
        turn.appendHiddenWhenDisabled(tr("Set as Profile Photo"), action: ActionNames.setProfilePhoto.detailed)
        menu.appendSection(turn)
        menu.appendSection(Menu(sections: [[(tr("Move to Trash"), ActionNames.trash.detailed)]]))
        let details = Menu()
        // Translators: a context menu item opening the photo in its window with its details and tags shown.
        details.appendHiddenWhenDisabled(tr("Properties"), action: ActionNames.showProperties.detailed)
        menu.appendSection(details)
        return menu
    }

    /// Copying and moving the selected photos: to the clipboard, to a folder.
    private static var transferItems: [(label: String, action: String)] {
        // Translators: a context menu item putting the photos on the clipboard, for a file manager to paste (Ctrl+C).
        [(tr("Copy"), ActionNames.copyFiles.detailed),
         (tr("Copy to Folder…"), ActionNames.copyTo.detailed),
         (tr("Move to Folder…"), ActionNames.moveTo.detailed)]
    }

    /// The context menu of the grid's empty space.
    static func gridBackground() -> Menu {
        Menu(sections: [
            [(tr("Select All"), ActionNames.selectAll.detailed),
             // Translators: a context menu item copying the photos copied in a file manager into the folder (Ctrl+V).
             (tr("Paste"), ActionNames.paste.detailed)],
            [(tr("Open Folder…"), ActionNames.openFolder.detailed)],
        ])
    }

    /// The selection bar's "More" menu: the bar's own items that do not
    /// fit at the window's width (`hidden`, built by the bar, in its
    /// order), then what only the menu offers.
    static func selectionMore(hidden: Menu) -> Menu {
        let menu = Menu()
        menu.appendSection(hidden)
        let copy = Menu()
        copy.append(transferItems[0].label, action: transferItems[0].action)
        // Translators: a menu item putting the selected photos' paths on the clipboard as text (Ctrl+Shift+C).
        copy.append(tr("Copy Paths"), action: ActionNames.copyPaths.detailed)
        menu.appendSection(copy)
        let turn = Menu()
        turn.append(tr("Rotate Left"), action: ActionNames.rotateLeft.detailed)
        turn.append(tr("Rotate Right"), action: ActionNames.rotateRight.detailed)
        turn.appendHiddenWhenDisabled(tr("Set as Profile Photo"), action: ActionNames.setProfilePhoto.detailed)
        menu.appendSection(turn)
        return menu
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
            // Translators: a check item of the filter menu: only the sharpest quarter of the folder's photos, as Lightbox measured them.
            [(tr("Only the Sharpest"), ActionNames.onlySharpest.detailed)],
            // Translators: the filter menu's clipping choices: any photo, or those with at least a share of them
            // clipped at white ("1 % or More Clipped").
            [(tr("Any Clipping"), ActionNames.clippedFilter.detailed("any"))] + PhotoFilter.clippedLevels.map { share in
                (tr("{percent} or More Clipped", ["percent": ExposureView.percent(share)]),
                 ActionNames.clippedFilter.detailed(String(share)))
            },
        ])
    }
}
