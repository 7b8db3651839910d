import Foundation
import GtkKit
import GtkTestSupport
@testable import Lightbox
import LightboxCore
import XCTest

/// A photo window's controller over a real list: keys step and rate, and
/// what is beyond the window goes to the flow.
final class PhotoWindowControllerTests: DisplayTestCase {
    /// Reports the changes a test makes up, as GIO's monitor reports
    /// those on disk (the list's `watching:` factory).
    @MainActor
    private final class Watcher: FolderWatching {
        let report: @MainActor (FolderChange) -> Void
        init(report: @escaping @MainActor (FolderChange) -> Void) { self.report = report }
        func watch(_ folders: [String]) async {}
    }

    /// A folder of `names`, loaded into a list in name order, and what
    /// tells the list of changes on disk.
    @MainActor
    private static func loadedList(_ names: [String]) throws -> (PhotoFolder, PhotoListLogic, () -> Watcher?) {
        let folder = try PhotoFolder(names)
        weak var watcher: Watcher?
        let list = PhotoListLogic(library: PhotoLibrary(index: try LibraryIndex()), trash: DesktopTrash(),
                                  watching: { report in
                                      let made = Watcher(report: report)
                                      watcher = made
                                      return made
                                  })
        list.send(.sort(PhotoOrder(.name)))
        list.send(.openFolderAt(folder.photos.path))
        var loaded = false
        Task {
            await list.settled()
            loaded = true
        }
        spin(until: { loaded }, "the folder")
        return (folder, list, { watcher })
    }

    /// The photo window's controller over `list`, as the flow makes it: its
    /// edits go to the list, and every action is told to `told`.
    @MainActor
    private static func controller(_ view: PhotoWindowView, on photo: Photo, of list: PhotoListLogic,
                                   told: @escaping (AppAction) -> Void = { _ in }) -> PhotoWindowController {
        PhotoWindowController(view: view, logic: PhotoViewerLogic(photo: photo, sequence: list)) { action in
            if case .editPhoto(let edit, _) = action { list.send(.edit(edit)) }
            told(action)
        }
    }

    func testStepsRatesAndAsksTheFlowForTheRest() throws { try onMain {
        let (folder, list, watcher) = try Self.loadedList(["a", "b"])
        let view = PhotoWindowView(application: testApplication)
        var actions: [String] = []
        let first = try XCTUnwrap(list.state.list?.photos.first)
        let controller = Self.controller(view, on: first, of: list) { action in
            switch action {
            case .trashPhoto(let path, _): actions.append("trash \((path as NSString).lastPathComponent)")
            case .setProfilePhoto: actions.append("profile photo")
            case .photoWindowClosed: actions.append("closed")
            case .editPhoto: break
            default: actions.append("other")
            }
        }
        controller.present()
        spin(until: { view.shownSize != nil }, "the photo")
        XCTAssertEqual(view.window.title, "a")

        view.window.activateAction(ActionNames.next.detailed)
        spin(until: { view.window.title == "b" && view.shownSize != nil }, "the next photo")
        XCTAssertEqual(controller.path, folder.path("b"))
        view.window.activateAction(ActionNames.rate.detailed, target: "4")
        XCTAssertEqual(view.subtitle, "Rated 4 stars")
        XCTAssertEqual(list.photo(at: folder.path("b"))?.rating, 4, "the list keeps it")

        view.window.activateAction(ActionNames.trash.detailed)
        view.window.activateAction(ActionNames.setProfilePhoto.detailed)
        XCTAssertEqual(actions, ["trash b.jpg", "profile photo"])

        // The photo left the folder: the previous one shows.
        try XCTUnwrap(watcher()).report(.removed(folder.path("b")))
        spin(until: { list.photo(at: folder.path("b")) == nil }, "the list to let it go")
        controller.send(.photoRemoved)
        spin(until: { view.window.title == "a" }, "the photo before it")
        view.window.activateAction(ActionNames.escape.detailed)
        spin(until: { actions.last == "closed" }, "the window to close")
    } }

    /// Labels, titles and keywords reach the list (which writes them into
    /// the files) and show in the window at once.
    func testLabelsTitlesAndKeywordsChangeThePhoto() throws { try onMain {
        let (folder, list, _) = try Self.loadedList(["a", "b"])
        let view = PhotoWindowView(application: testApplication)
        let controller = Self.controller(view, on: try XCTUnwrap(list.state.list?.photos.first), of: list)
        controller.present()
        spin(until: { view.shownSize != nil }, "the photo")
        let path = folder.path("a")

        XCTAssertTrue(view.window.activateAction(ActionNames.toggleLabel.detailed, target: "Red"))
        XCTAssertEqual(list.photo(at: path)?.tags.label, .red)
        XCTAssertEqual(view.shownLabel, .red)
        XCTAssertTrue(view.labelBadge.isVisible)
        XCTAssertEqual(view.properties.tags.labelButtons.filter(\.button.isActive).map(\.label), [.red])
        view.window.activateAction(ActionNames.toggleLabel.detailed, target: "Red")
        XCTAssertNil(list.photo(at: path)?.tags.label, "the same key again takes it away")
        XCTAssertFalse(view.labelBadge.isVisible)

        view.window.activateAction(ActionNames.properties.detailed)
        let entry = view.properties.keywords.entry
        entry.text = "Places|Brittany|Finistère"
        entry.emit("activate")
        let finistere = try XCTUnwrap(Keyword("Places|Brittany|Finistère"))
        XCTAssertEqual(list.photo(at: path)?.tags.keywords, [finistere])
        XCTAssertEqual(view.properties.keywords.shown, [finistere])
        // Known now: offered for the next photo.
        view.window.activateAction(ActionNames.next.detailed)
        spin(until: { view.window.title == "b" }, "the next photo")
        entry.text = "brit"
        XCTAssertEqual(view.properties.keywords.suggestions, [finistere])
        view.properties.keywords.suggestionButtons[0].emit("clicked")
        XCTAssertEqual(list.photo(at: folder.path("b"))?.tags.keywords, [finistere])
        view.properties.keywords.removeButtons[0].emit("clicked")
        XCTAssertEqual(list.photo(at: folder.path("b"))?.tags.keywords, [])
        XCTAssertEqual(view.properties.keywords.removeButtons.count, 0)

        let title = view.properties.tags.titleEntry
        title.text = "Pointe du Raz"
        title.emit("activate")
        XCTAssertEqual(list.photo(at: folder.path("b"))?.tags.title, "Pointe du Raz")
        XCTAssertEqual(view.window.title, "Pointe du Raz", "the title names the window")
        view.window.close()
    } }

    /// The tasks a window starts are its own: closing it mid-slideshow
    /// stops the slideshow at once, not at the last photo.
    func testClosingTheWindowCancelsWhatItStarted() throws { try onMain {
        let (folder, list, _) = try Self.loadedList(["a", "b", "c"])
        let view = PhotoWindowView(application: testApplication)
        let logic = PhotoViewerLogic(photo: try XCTUnwrap(list.state.list?.photos.first), sequence: list)
        var closed = false
        let controller = PhotoWindowController(view: view, logic: logic) { action in
            if case .photoWindowClosed = action { closed = true }
        }
        controller.present()
        spin(until: { view.shownSize != nil }, "the photo")
        XCTAssertTrue(view.window.activateAction(ActionNames.startSlideshow.detailed))
        XCTAssertEqual(logic.state.slideshow, Slideshow(interval: 5))

        view.window.close()
        XCTAssertTrue(closed)
        // Playing on, the slideshow would end at the last photo, ten
        // seconds from now.
        XCTAssertTrue(MainLoop.iterate(until: { logic.state.slideshow == nil }, timeout: 2), "the slideshow cancelled")
        XCTAssertEqual(logic.state.picture.photo?.title, "a")
        // The photos are decoded from their files until the end.
        withExtendedLifetime((controller, folder)) {}
    } }
}
