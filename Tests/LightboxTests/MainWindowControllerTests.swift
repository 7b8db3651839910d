import Foundation
import GtkKit
import GtkTestSupport
@testable import Lightbox
import LightboxCore
import XCTest

/// A main window's controller over a real folder, a real list logic and
/// real thumbnails: what the view asks reaches the logic or the flow, and
/// what the logic answers reaches the view.
final class MainWindowControllerTests: DisplayTestCase {
    @MainActor
    private final class Fixture {
        let folder: PhotoFolder
        let observer = Observer()
        let view: MainWindowView
        let logic: PhotoListLogic
        let controller: MainWindowController
        var actions: [String] = []

        init(_ names: [String] = ["a", "b", "c"]) throws {
            folder = try PhotoFolder(names)
            view = MainWindowView(application: testApplication, observer: observer)
            logic = PhotoListLogic(library: PhotoLibrary(index: try LibraryIndex()), trash: DesktopTrash())
            var sink: ((AppAction) -> Void)?
            let folder = self.folder
            controller = MainWindowController(view: view, logic: logic, thumbnails: { folder.thumbnails(for: $0) }) {
                sink?($0)
            }
            // Weak: a controller's work may outlive its test (an Undo
            // finishes after its window closed) and report to a fixture gone.
            sink = { [weak self] action in
                guard let self else { return }
                switch action {
                case .openPhoto(let path, _, let properties):
                    self.actions.append("open \((path as NSString).lastPathComponent)" + (properties ? " with properties" : ""))
                case .photoRemoved(let path): self.actions.append("removed \((path as NSString).lastPathComponent)")
                case .mainWindowClosed: self.actions.append("closed")
                case .setProfilePhoto(let path): self.actions.append("profile photo \((path as NSString).lastPathComponent)")
                // The details read as the folder loads, news for photo windows.
                case .photosChanged: break
                default: self.actions.append("other")
                }
            }
            view.window.defaultSize = (800, 600)
            controller.present()
        }

        func open() {
            controller.send(.openFolderAt(folder.photos.path))
            spin(until: { self.view.subtitle == "photos — 3 photos" }, "the folder")
        }
    }

    @MainActor
    private final class Observer: MainWindowObserving {
        var states: [PhotoListLogic.State.Content] = []
        var filled = 0
        func presented(_ window: Window) {}
        func shown(_ state: PhotoListLogic.State.Content, in grid: PhotoGridView) { states.append(state) }
        func screenFilled(cells: Int, in grid: PhotoGridView) { filled = cells }
    }

    func testOpensAFolderFillsTheScreenWithThumbnailsAndOpensPhotos() throws { try onMain {
        let fixture = try Fixture()
        defer { fixture.view.window.destroy() }
        fixture.open()
        XCTAssertEqual(fixture.view.visiblePage, .grid)
        spin(until: { fixture.observer.filled == 3 }, "three cells with their thumbnails")
        spin(until: {
            if case .presenting(let list) = fixture.observer.states.last { return list.photos.count == 3 }
            return false
        }, "the observer told of the loaded folder")
        fixture.view.onIntent(.list(.open(samplePhotos(1, folder: fixture.folder.photos.path)[0])))
        XCTAssertEqual(fixture.actions, ["open photo-000.jpg"])
    } }

    func testSearchFiltersAndEnterOpensTheFirstFound() throws { try onMain {
        let fixture = try Fixture()
        defer { fixture.view.window.destroy() }
        fixture.open()
        fixture.view.onIntent(.list(.search("b")))
        spin(until: { fixture.view.subtitle == "photos — 1 of 3 photos" }, "the search")
        fixture.view.onIntent(.list(.openFirstFound))
        spin(until: { !fixture.actions.isEmpty }, "the first photo found")
        XCTAssertEqual(fixture.actions, ["open b.jpg"])
        fixture.view.onIntent(.list(.search("nothing like it")))
        spin(until: { fixture.view.visiblePage == .noResults }, "no results")
    } }

    func testTheRatingMenuFiltersByRating() throws { try onMain {
        let fixture = try Fixture()
        defer { fixture.view.window.destroy() }
        fixture.open()
        XCTAssertTrue(fixture.view.window.activateAction(ActionNames.minimumRating.detailed, target: "3"))
        spin(until: { fixture.view.visiblePage == .noResults }, "no photo rated 3 or more")
        XCTAssertEqual(fixture.view.subtitle, "photos — 0 of 3 photos")
        XCTAssertTrue(fixture.view.window.activateAction(ActionNames.minimumRating.detailed, target: "0"))
        spin(until: { fixture.view.subtitle == "photos — 3 photos" }, "all photos again")
    } }

    /// 6 labels the photo under the keyboard (nothing selected), the cell
    /// says so, and the label filter shows it alone; a keyword added to the
    /// selection is found by a search and its notice's Undo takes it back.
    func testLabelsFilterAndKeywordsWithUndo() throws { try onMain {
        let fixture = try Fixture()
        defer { fixture.view.window.destroy() }
        fixture.open()
        fixture.view.onIntent(.list(.select([fixture.folder.path("b")])))
        XCTAssertTrue(fixture.view.window.activateAction(ActionNames.toggleLabel.detailed, target: "Red"))
        XCTAssertTrue(fixture.view.window.activateAction(ActionNames.labelFilter(.red).detailed))
        spin(until: { fixture.view.subtitle == "photos — 1 of 3 photos, 1 selected" }, "the red photo alone")
        XCTAssertTrue(fixture.view.window.activateAction(ActionNames.clearFilters.detailed))
        spin(until: { fixture.view.subtitle == "photos — 3 photos, 1 selected" }, "every photo again")

        fixture.view.onIntent(.list(.selectAll))
        fixture.view.onIntent(.list(.answer(.keyword("Places|Brittany|Finistère"))))
        spin(until: { fixture.view.notice != nil }, "a notice")
        XCTAssertEqual(fixture.view.notice, "Added “Finistère” to 3 photos.")
        fixture.view.onIntent(.list(.search("finistere")))
        spin(until: { fixture.view.subtitle == "photos — 3 photos, 3 selected" }, "found by the keyword")
        fixture.view.onIntent(.list(.noticeButtonPressed))
        spin(until: { fixture.view.visiblePage == .noResults }, "the keyword taken back")
    } }

    /// "Remove Keyword…" offers the selection's keywords and takes the one
    /// chosen from every selected photo that has it.
    func testAKeywordIsRemovedFromTheSelection() throws { try onMain {
        let fixture = try Fixture()
        defer { fixture.view.window.destroy() }
        fixture.open()
        fixture.view.onIntent(.list(.selectAll))
        fixture.view.onIntent(.list(.answer(.keyword("harbour"))))
        spin(until: { fixture.view.notice == "Added “harbour” to 3 photos." }, "the keyword added")
        fixture.view.onIntent(.list(.answer(.keywordToRemove(Keyword("harbour")!))))
        spin(until: { fixture.view.notice == "Removed “harbour” from 3 photos." }, "the keyword removed")
        fixture.view.onIntent(.list(.search("harbour")))
        spin(until: { fixture.view.visiblePage == .noResults }, "no photo has it")
    } }

    /// The side panel shows where the window has room, as the person last
    /// left it; F9 hides it and the window remembers that.
    func testTheSidePanelShowsWhereThereIsRoomAndKeepsThePersonsChoice() throws { try onMain {
        let fixture = try Fixture()
        defer { fixture.view.window.destroy() }
        XCTAssertTrue(fixture.view.sidebar.isShown, "shown at first")
        XCTAssertTrue(fixture.view.window.activateAction(ActionNames.sidebar.detailed), "F9")
        XCTAssertFalse(fixture.view.sidebar.isShown, "F9 hides it")
        XCTAssertFalse(fixture.view.windowState.showsSidebar, "and the window remembers")
        fixture.controller.restore(WindowState(width: 1000, height: 700, isMaximized: false, showsSidebar: true))
        XCTAssertTrue(fixture.view.sidebar.isShown, "a window restored as last left shows it again")
        fixture.controller.restore(WindowState(width: 600, height: 700, isMaximized: false, showsSidebar: true))
        XCTAssertFalse(fixture.view.sidebar.isShown, "a narrow window leaves it out")
        XCTAssertTrue(fixture.view.windowState.showsSidebar, "without forgetting that the person wants it")
    } }

    /// The side panel offers the folders inside; one pressed opens, Back
    /// returns, and "Include Subfolders" off leaves the folder's own photos.
    func testTheSidePanelWalksIntoFoldersAndBackComesBack() throws { try onMain {
        let fixture = try Fixture()
        defer { fixture.view.window.destroy() }
        let inside = fixture.folder.photos.appendingPathComponent("2024")
        try FileManager.default.createDirectory(at: inside, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: fixture.folder.path("a"), toPath: inside.appendingPathComponent("d.jpg").path)
        XCTAssertTrue(fixture.view.sidebar.isShown, "shown at first in a window with room for it")
        fixture.controller.send(.openFolderAt(fixture.folder.photos.path))
        let folder = inside.standardizedFileURL.path
        spin(until: { fixture.view.subtitle == "photos — 4 photos" && fixture.view.sidebar.buttons[folder] != nil },
             "the folder, with the one inside offered")
        let button = try XCTUnwrap(fixture.view.sidebar.buttons[folder])
        button.emit("clicked")
        spin(until: { fixture.view.subtitle == "2024 — 1 photo" }, "inside 2024")
        XCTAssertTrue(fixture.view.window.activateAction(ActionNames.goBack.detailed))
        spin(until: { fixture.view.subtitle == "photos — 4 photos" }, "back")
        XCTAssertTrue(fixture.view.window.activateAction(ActionNames.includeSubfolders.detailed))
        spin(until: { fixture.view.subtitle == "photos — 3 photos" }, "the folder's own photos")
    } }

    /// The grid's "Properties" opens the one selected photo with its
    /// properties shown; with two selected it is not there.
    func testPropertiesOpensThePhotoWithItsProperties() throws { try onMain {
        let fixture = try Fixture()
        defer { fixture.view.window.destroy() }
        fixture.open()
        fixture.view.onIntent(.list(.select([fixture.folder.path("b")])))
        XCTAssertTrue(fixture.view.window.activateAction(ActionNames.showProperties.detailed))
        XCTAssertEqual(fixture.actions, ["open b.jpg with properties"])
    } }

    func testTrashOffersUndoThatPutsThePhotoBack() throws { try onMain {
        let fixture = try Fixture()
        defer { fixture.view.window.destroy() }
        fixture.open()
        let path = fixture.folder.path("b")
        fixture.controller.send(.trashPhoto(path))
        spin(until: { fixture.view.notice != nil }, "a notice")
        XCTAssertEqual(fixture.view.notice, "“b” moved to trash")
        XCTAssertEqual(fixture.view.subtitle, "photos — 2 photos")
        XCTAssertEqual(fixture.actions, ["removed b.jpg"], "photo windows showing it are told")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
        fixture.view.onIntent(.list(.noticeButtonPressed))
        spin(until: { fixture.view.subtitle == "photos — 3 photos" }, "the photo back")
        XCTAssertTrue(FileManager.default.fileExists(atPath: path))
    } }

    func testAFolderThatCannotBeOpenedSaysSoAndClosingTellsTheFlow() throws { try onMain {
        let fixture = try Fixture()
        fixture.controller.send(.openFolderAt("/nonexistent/lightbox-test"))
        spin(until: { fixture.view.visiblePage == .failed }, "the failed page")
        XCTAssertEqual(fixture.view.failedPage.titleLabel.text, "Folder Not Found")
        fixture.view.window.close()
        spin(until: { fixture.actions == ["closed"] }, "the flow told")
    } }

    /// Paste (Ctrl+V, or the grid's menu) copies the photos a file manager
    /// copied into the folder, moves those it cut, and leaves other files.
    func testPasteCopiesWhatWasCopiedMovesWhatWasCutAndTakesOnlyPhotos() throws { try onMain {
        let fixture = try Fixture()
        defer { fixture.view.window.destroy() }
        fixture.open()
        let elsewhere = try PhotoFolder(["harbour", "quay"])
        let notes = elsewhere.root.appendingPathComponent("notes.txt").path
        _ = FileManager.default.createFile(atPath: notes, contents: Data("not a photo".utf8))

        fixture.view.onIntent(.list(.paste([notes], cut: false)))
        spin(until: { fixture.view.notice != nil }, "a notice")
        XCTAssertEqual(fixture.view.notice, "No photos to paste: copy photos in a file manager first")

        fixture.view.onIntent(.list(.paste([elsewhere.path("harbour"), notes], cut: false)))
        spin(until: { fixture.view.notice == "1 photo copied to “photos”" }, "the copy")
        spin(until: { fixture.view.subtitle == "photos — 4 photos" }, "the copy in the grid")
        XCTAssertTrue(FileManager.default.fileExists(atPath: elsewhere.path("harbour")), "a copy leaves the original")
        XCTAssertFalse(FileManager.default.fileExists(atPath: fixture.folder.photos.appendingPathComponent("notes.txt").path))

        fixture.view.onIntent(.list(.paste([elsewhere.path("quay")], cut: true)))
        spin(until: { fixture.view.notice == "1 photo moved to “photos”" }, "the move")
        spin(until: { fixture.view.subtitle == "photos — 5 photos" }, "the move in the grid")
        XCTAssertFalse(FileManager.default.fileExists(atPath: elsewhere.path("quay")), "cut, then pasted: moved")
    } }

    /// The rotations and "Set as Profile Photo" of the grid's menus act on
    /// the selection.
    func testTheSelectionTurnsAndOnePhotoBecomesTheProfilePhoto() throws { try onMain {
        let fixture = try Fixture()
        defer { fixture.view.window.destroy() }
        fixture.open()
        let paths = [fixture.folder.path("a"), fixture.folder.path("c")]
        spin(until: { paths.allSatisfy { fixture.logic.photo(at: $0)?.metadata != nil } }, "the photos' details read")
        let orientation = { (name: String) in fixture.logic.photo(at: fixture.folder.path(name))?.metadata?.orientation }
        let before = orientation("b")
        fixture.view.onIntent(.list(.select(paths)))
        fixture.view.onIntent(.list(.rotateRight))
        XCTAssertEqual(orientation("a"), 6, "a quarter turn clockwise")
        XCTAssertEqual(orientation("c"), 6, "a quarter turn clockwise")
        XCTAssertEqual(orientation("b"), before, "not selected")
        fixture.view.onIntent(.list(.rotateLeft))
        XCTAssertEqual(orientation("a"), 1, "and back")

        fixture.view.onIntent(.list(.setProfilePhoto))
        XCTAssertEqual(fixture.actions, [], "two photos make no profile photo")
        fixture.view.onIntent(.list(.select([fixture.folder.path("b")])))
        fixture.view.onIntent(.list(.setProfilePhoto))
        XCTAssertEqual(fixture.actions, ["profile photo b.jpg"])
    } }
}
