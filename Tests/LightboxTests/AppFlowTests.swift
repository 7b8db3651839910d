import Foundation
import GtkKit
import GtkTestSupport
@testable import Lightbox
import LightboxCore
import XCTest

/// The flow creates and closes windows and routes what one asks of another.
final class AppFlowTests: DisplayTestCase {
    @MainActor
    private static func flow(in folder: PhotoFolder) -> AppFlow {
        let application = Application(id: "org.lightboxphotos.FlowTests", isUnique: false)
        try? application.register()
        let schemas = AppSettings.buildSchemaDirectory()
        let keyfile = folder.directories.configHome.appendingPathComponent("glib-2.0/settings/keyfile").path
        return AppFlow(application: application, directories: folder.directories,
                       settings: AppSettings(schemaDirectory: schemas, backend: .keyfile(keyfile)))
    }

    /// A flow with one main window showing `folder`'s photos.
    @MainActor
    private static func flowShowing(_ folder: PhotoFolder) -> (AppFlow, MainWindowController) {
        let flow = flow(in: folder)
        let main = flow.newMainWindow()
        main.present()
        main.send(.openFolderAt(folder.photos.path))
        spin(until: { main.photos.photo(at: folder.path("c")) != nil }, "the folder")
        return (flow, main)
    }

    /// The photos a compare window shows, in pane order.
    @MainActor
    private static func compared(_ window: AppFlow.CompareWindow) -> [String] {
        window.controller.paths
    }

    /// Whether the photo window shows its properties. (The controller
    /// keeps its view to itself: read through reflection.)
    @MainActor
    private static func propertiesShown(_ controller: PhotoWindowController) throws -> Bool {
        try XCTUnwrap(Mirror(reflecting: controller).descendant("view") as? PhotoWindowView).properties.isShown
    }

    func testACompareWindowOpensOncePerPairAndIsForgottenWhenClosed() throws { try onMain {
        let folder = try PhotoFolder(["a", "b", "c"])
        let (flow, main) = Self.flowShowing(folder)
        let pair = [folder.path("a"), folder.path("c")]
        flow.handle(.compare(paths: pair, from: main))
        flow.handle(.compare(paths: pair.reversed(), from: main))
        XCTAssertEqual(flow.compareWindows.map(Self.compared), [pair], "one window per pair")
        flow.handle(.compare(paths: [folder.path("a"), folder.path("nowhere")], from: main))
        XCTAssertEqual(flow.compareWindows.count, 1, "a photo the list does not hold opens nothing")
        flow.handle(.compareWindowClosed(flow.compareWindows[0].controller))
        XCTAssertTrue(flow.compareWindows.isEmpty)
        // A photo compared leaves the folder: its compare window closes.
        flow.handle(.compare(paths: pair, from: main))
        flow.handle(.photoRemoved(path: folder.path("c")))
        spin(until: { flow.compareWindows.isEmpty }, "the compare window closed")
        main.close()
        spin(until: { flow.mainWindows.isEmpty }, "the main window gone")
    } }

    func testPhotoWindowsOpenOncePerPhotoAndFollowTheirMainWindow() throws { try onMain {
        let folder = try PhotoFolder(["a", "b", "c"])
        let (flow, main) = Self.flowShowing(folder)

        flow.handle(.openPhoto(path: folder.path("b"), from: main))
        flow.handle(.openPhoto(path: folder.path("b"), from: main))
        XCTAssertEqual(flow.photoWindows.map(\.controller.path), [folder.path("b")], "one window per photo")
        flow.handle(.openPhoto(path: folder.path("nowhere"), from: main))
        XCTAssertEqual(flow.photoWindows.count, 1, "a photo the list does not hold opens nothing")
        XCTAssertFalse(try Self.propertiesShown(flow.photoWindows[0].controller))
        flow.handle(.openPhoto(path: folder.path("b"), from: main, properties: true))
        XCTAssertTrue(try Self.propertiesShown(flow.photoWindows[0].controller), "the grid's Properties shows them")

        // Trashing from the photo window goes through the main window's list.
        let window = flow.photoWindows[0].controller
        flow.handle(.trashPhoto(path: folder.path("b"), from: window))
        spin(until: { main.photos.photo(at: folder.path("b")) == nil }, "the photo gone to the trash")
        spin(until: { window.path != folder.path("b") }, "the photo window to move on")

        flow.handle(.photoWindowClosed(window, lastShown: try XCTUnwrap(window.path)))
        XCTAssertTrue(flow.photoWindows.isEmpty)
        main.close()
        spin(until: { flow.mainWindows.isEmpty }, "the main window gone")
        let keyfile = folder.directories.configHome.appendingPathComponent("glib-2.0/settings/keyfile")
        XCTAssertTrue((try? String(contentsOf: keyfile, encoding: .utf8))?.contains("window-width=") == true,
                      "the size is remembered")
    } }

    func testOneProfileWindow() throws { try onMain {
        let folder = try PhotoFolder([])
        let flow = Self.flow(in: folder)
        let first = flow.editProfile()
        XCTAssertTrue(flow.editProfile() === first)
        flow.handle(.profileWindowClosed(first))
        XCTAssertFalse(flow.editProfile() === first, "a new one once it closed")
    } }

    func testOneAboutWindowWhileOpenAndTheShortcutsWindowIsKept() throws { try onMain {
        let folder = try PhotoFolder([])
        let flow = Self.flow(in: folder)
        flow.handle(.showAbout)
        let about = try XCTUnwrap(flow.aboutWindow)
        flow.handle(.showAbout)
        XCTAssertTrue(flow.aboutWindow === about, "presented again, not a second one")
        flow.handle(.aboutWindowClosed(about))
        XCTAssertNil(flow.aboutWindow)

        flow.handle(.showShortcuts)
        let shortcuts = try XCTUnwrap(flow.shortcutsWindow)
        flow.handle(.showShortcuts)
        XCTAssertTrue(flow.shortcutsWindow === shortcuts, "made once, kept hidden between uses")
    } }
}
