import Foundation
import LightboxCore
import XCTest

final class WindowStateStoreTests: XCTestCase {
    func testSavedStateComesBackInTheStateDirectory() throws {
        let scratch = Scratch()
        let store = WindowStateStore(directories: XDGDirectories(environment: scratch.directories))
        let state = WindowState(width: 812, height: 604, isMaximized: true)
        try store.save(state)
        XCTAssertEqual(store.url.path, scratch.path("state/lightbox/window-state.json").path)
        XCTAssertEqual(WindowStateStore(directories: XDGDirectories(environment: scratch.directories)).load(), state)
    }

    func testNothingSavedGivesTheStandardState() {
        let scratch = Scratch()
        XCTAssertEqual(WindowStateStore(directories: XDGDirectories(environment: scratch.directories)).load(), .standard)
    }

    func testCorruptOrAbsurdFilesAreIgnored() throws {
        let scratch = Scratch()
        let store = WindowStateStore(directories: XDGDirectories(environment: scratch.directories))
        scratch.file("state/lightbox/window-state.json", "{ not json")
        XCTAssertEqual(store.load(), .standard)
        scratch.file("state/lightbox/window-state.json", #"{"width": 5, "height": 99999999, "isMaximized": true}"#)
        XCTAssertEqual(store.load(), WindowState(width: 1000, height: 700, isMaximized: true))
    }

    func testTheFileIsPrivate() throws {
        let scratch = Scratch()
        let store = WindowStateStore(directories: XDGDirectories(environment: scratch.directories))
        try store.save(.standard)
        let attributes = try FileManager.default.attributesOfItem(atPath: store.url.path)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
    }
}
