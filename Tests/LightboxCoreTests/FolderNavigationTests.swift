import Foundation
@testable import LightboxCore
import XCTest

/// Walking through a library's folders: Back and Forward, the folders
/// inside the one shown, "Include Subfolders", recent folders, the path bar.
final class FolderNavigationTests: XCTestCase {
    func testHistoryGoesBackAndForwardAndForgetsTheWayForwardOnANewVisit() {
        var history = FolderHistory()
        for path in ["/p", "/p/2023", "/p/2023/07"] { history.visit(path) }
        history.visit("/p/2023/07")
        XCTAssertEqual(history.back, ["/p", "/p/2023"], "a reload adds nothing")
        XCTAssertEqual(history.goBack(), "/p/2023")
        XCTAssertEqual(history.goBack(), "/p")
        XCTAssertNil(history.goBack())
        XCTAssertEqual(history.goForward(), "/p/2023")
        history.visit("/p/2024")
        XCTAssertFalse(history.canGoForward, "somewhere new drops the way forward")
        XCTAssertEqual(history.goBack(), "/p/2023")
    }

    func testThePathBarStartsAtHomeInsideItElseAtTheRoot() {
        let inside = FolderNavigation(folder: "/home/ana/Pictures/2024").crumbs(home: "/home/ana")
        XCTAssertEqual(inside.map(\.name), ["ana", "Pictures", "2024"])
        XCTAssertEqual(inside.map(\.path), ["/home/ana", "/home/ana/Pictures", "/home/ana/Pictures/2024"])
        let outside = FolderNavigation(folder: "/media/card/DCIM").crumbs(home: "/home/ana")
        XCTAssertEqual(outside.map(\.path), ["/", "/media", "/media/card", "/media/card/DCIM"])
    }

    @MainActor
    func testAWindowWalksIntoFoldersBackAndForwardWithOrWithoutTheirPhotos() async throws {
        let scratch = Scratch()
        let root = scratch.path("Pictures").standardizedFileURL
        try PhotoFixtures.jpeg(at: root.appendingPathComponent("top.jpg"))
        try PhotoFixtures.jpeg(at: root.appendingPathComponent("2023/a.jpg"))
        try PhotoFixtures.jpeg(at: root.appendingPathComponent("2024/b.jpg"))
        try PhotoFixtures.jpeg(at: root.appendingPathComponent("2024/07/c.jpg"))
        let disk = TestFolderWatcher()
        let logic = PhotoListLogic(library: PhotoLibrary(index: try LibraryIndex()),
                                   trash: FolderTrash(folder: scratch.path("trash")), watching: disk.factory)
        let fileNames = { logic.state.shown.map(\.fileName) }
        await logic.sendAndSettle(.openFolderAt(root.path))
        XCTAssertEqual(Set(fileNames()), ["top.jpg", "a.jpg", "b.jpg", "c.jpg"])
        XCTAssertEqual(logic.state.navigation.subfolders, [root.path + "/2023", root.path + "/2024"])
        XCTAssertFalse(logic.state.navigation.canGoBack)

        await logic.sendAndSettle(.includeSubfolders(false))
        XCTAssertEqual(fileNames(), ["top.jpg"], "the folder's own photos only")
        XCTAssertEqual(logic.state.navigation.subfolders.count, 2, "its folders still offered")
        XCTAssertFalse(logic.state.navigation.includesSubfolders)

        await logic.sendAndSettle(.openFolderAt(root.path + "/2024"))
        XCTAssertEqual(fileNames(), ["b.jpg"])
        XCTAssertEqual(logic.state.navigation.subfolders, [root.path + "/2024/07"])
        XCTAssertTrue(logic.state.navigation.canGoBack)
        await logic.sendAndSettle(.goBack)
        XCTAssertEqual(logic.state.navigation.folder, root.path)
        XCTAssertTrue(logic.state.navigation.canGoForward)
        await logic.sendAndSettle(.goForward)
        XCTAssertEqual(logic.state.navigation.folder, root.path + "/2024")

        try FileManager.default.createDirectory(at: root.appendingPathComponent("2024/08"), withIntermediateDirectories: true)
        disk.tell(.folderAdded(root.path + "/2024/08"))
        await logic.settled()
        XCTAssertEqual(logic.state.navigation.subfolders, [root.path + "/2024/07", root.path + "/2024/08"],
                       "a new folder offered")
        XCTAssertEqual(fileNames(), ["b.jpg"])
    }
}
