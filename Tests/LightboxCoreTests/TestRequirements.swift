import Foundation
import XCTest

/// What a test throws when the machine lacks something it needs: the test
/// fails with this message, which says what to install.
struct Problem: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// What permissions refuse cannot be seen as root, whom nothing is
/// refused. Such a test skips as root with a reason that begins
/// `unprivileged:`, and scripts/test.sh, when it runs as root, runs every
/// test that skipped so again as an unprivileged user, where it must pass
/// (Tests/allowed-skips.txt budgets the skip and names that pass).
func requireUnprivileged(_ why: String) throws {
    if getuid() == 0 { throw XCTSkip("unprivileged: \(why)") }
}

/// The converse: what only root may do (give a file to another owner).
/// As another user such a test skips with a reason that begins `root:`;
/// CI runs as root, where it runs.
func requireRoot(_ why: String) throws {
    if getuid() != 0 { throw XCTSkip("root: \(why)") }
}
