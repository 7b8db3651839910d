import Foundation
import GtkKit
import GtkTestSupport
@testable import Lightbox
@testable import LightboxCore
import XCTest

/// Every screen is one logic, one view and one binding: the view renders
/// its logic's `State` and nothing else. `bind` compiles only for a view
/// whose `render` takes its logic's `State` (`ScreenView`); these tests
/// also show it at run time, where it matters: a view that lived through a
/// screen's history shows what a new view rendered once from the last
/// state alone shows.
final class ScreenContractTests: DisplayTestCase {
    /// Each screen's view renders its own logic's state (this does not
    /// compile otherwise).
    func testEachViewRendersItsLogicsState() {
        XCTAssertTrue(renders(MainWindowView.self, PhotoListLogic.self))
        XCTAssertTrue(renders(PhotoWindowView.self, PhotoViewerLogic.self))
        XCTAssertTrue(renders(CompareWindowView.self, CompareLogic.self))
        XCTAssertTrue(renders(ProfileWindowView.self, ProfileLogic.self))
        XCTAssertTrue(renders(PreferencesWindowView.self, PreferencesLogic.self))
    }

    private func renders<View: ScreenView, Logic: ScreenLogic>(_: View.Type, _: Logic.Type) -> Bool
        where View.State == Logic.State { true }

    /// A main window driven through a folder, a search, a selection, a
    /// rating and a notice shows what a new window rendered once from the
    /// logic's last state shows: nothing it shows comes from elsewhere.
    func testAMainWindowShowsItsStateAndNothingElse() throws { try onMain {
        let folder = try PhotoFolder(["a", "b", "c"])
        let logic = PhotoListLogic(library: PhotoLibrary(index: try LibraryIndex()),
                                   trash: DesktopTrash())
        let lived = MainWindowView(application: testApplication)
        defer { lived.window.destroy() }
        logic.bind(lived, intents: { intent in
            if case .list(let intent) = intent { return intent }
            return nil
        }, outputs: { _ in })

        logic.send(.openFolderAt(folder.photos.path))
        spin(until: { if case .presenting = logic.state.content { true } else { false } }, "the folder to load")
        logic.send(.select([folder.path("b")]))
        logic.send(.rate(3))
        logic.send(.search("b"))
        spin(until: { logic.state.list?.count == 1 }, "the search to apply")
        logic.send(.tell(.filesCopied(1)))

        let fresh = MainWindowView(application: testApplication)
        defer { fresh.window.destroy() }
        fresh.render(logic.state)
        XCTAssertEqual(lived.windowTitle.subtitle, fresh.windowTitle.subtitle)
        XCTAssertEqual(lived.visiblePage, fresh.visiblePage)
        XCTAssertEqual(lived.notice, fresh.notice)
        XCTAssertEqual(fresh.windowTitle.subtitle, "photos — 1 of 3 photos, 1 selected")
        XCTAssertEqual(fresh.notice, Notice.filesCopied(1).text)
    } }
}
