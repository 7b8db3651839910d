@testable import LightboxCore
import XCTest

final class XDGDirectoriesTests: XCTestCase {
    func testVariablesOverrideTheDefaults() {
        let dirs = XDGDirectories(environment: ["HOME": "/home/ana", "XDG_STATE_HOME": "/var/ana-state",
                                                "XDG_DATA_HOME": "/data/ana"])
        XCTAssertEqual(dirs.stateHome.path, "/var/ana-state")
        XCTAssertEqual(dirs.dataHome.path, "/data/ana")
        XCTAssertEqual(dirs.lightbox(\.stateHome).path, "/var/ana-state/lightbox")
    }

    func testUnsetEmptyOrRelativeVariablesFallBackUnderHome() {
        let dirs = XDGDirectories(environment: ["HOME": "/home/ana", "XDG_CONFIG_HOME": "",
                                                "XDG_CACHE_HOME": "relative/cache"])
        XCTAssertEqual(dirs.configHome.path, "/home/ana/.config")
        XCTAssertEqual(dirs.cacheHome.path, "/home/ana/.cache")
        XCTAssertEqual(dirs.dataHome.path, "/home/ana/.local/share")
        XCTAssertEqual(dirs.stateHome.path, "/home/ana/.local/state")
    }
}
