import Foundation
import FuzzTargets
import XCTest

/// Every input kept in Tools/Fuzz/corpus/TARGET/ for a Swift target (the
/// seeds, and each input that once made a target fail) runs through its
/// target again: a fixed crash stays fixed. `make fuzz` looks for new ones;
/// the C targets' folders beside them are `make fuzz-replay`'s.
final class FuzzCorpusTests: XCTestCase {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Tools/Fuzz/corpus").standardizedFileURL

    func testEveryKeptInputPassesItsTarget() throws {
        for target in FuzzTarget.allCases {
            let folder = Self.corpus.appendingPathComponent(target.rawValue)
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            XCTAssertFalse(names.isEmpty, "no seeds for \(target.rawValue)")
            for name in names {
                target.run(Array(try Data(contentsOf: folder.appendingPathComponent(name))))
            }
        }
    }
}
