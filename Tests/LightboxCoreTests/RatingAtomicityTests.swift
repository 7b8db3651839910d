import Foundation
import Imaging
@testable import LightboxCore
import XCTest

/// Kills a process that writes ratings into a photo in a loop
/// (lightbox-rating-writer) at random instants, many times, and checks
/// each time that the photo is whole: it decodes, its image data is the
/// original's, its other metadata is there, and its rating is one that
/// was written. LIGHTBOX_KILL_ITERATIONS raises the count (hundreds, for
/// a benchmark-size run outside `make test`).
final class RatingAtomicityTests: XCTestCase {
    private var writer: URL? {
        let folder = Bundle.main.executableURL?.deletingLastPathComponent()
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [folder, folder.deletingLastPathComponent(), URL(fileURLWithPath: ".build/debug")]
        return candidates.map { $0.appendingPathComponent("lightbox-rating-writer") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    func testAKilledRatingWriteNeverLeavesABrokenPhoto() throws {
        guard let writer else {
            return XCTFail("lightbox-rating-writer not found next to the test bundle: build with --build-tests")
        }
        let iterations = Int(ProcessInfo.processInfo.environment["LIGHTBOX_KILL_ITERATIONS"] ?? "") ?? 60
        let scratch = Scratch()
        let photo = try PhotoFixtures.jpeg(at: scratch.path("photos/IMG_0001.JPG"), width: 1600, height: 1200,
                                           tags: PhotoFixtures.cameraTags)
        let original = scratch.path("original.jpg")
        try FileManager.default.copyItem(at: photo, to: original)
        var generator = SystemRandomNumberGenerator()
        var writesSeen = 0, killsAfterAWrite = 0, ratingsFound = Set<Int>()

        for iteration in 0..<iterations {
            let process = Process()
            process.executableURL = writer
            process.arguments = [photo.path]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            // Most runs: wait for a first write, then kill amid the ones
            // after. Every fourth: kill early, maybe in the very first.
            var seen = Data()
            if iteration % 4 != 3 {
                while !String(decoding: seen, as: UTF8.self).contains("wrote") {
                    let chunk = output.fileHandleForReading.availableData
                    if chunk.isEmpty { break }
                    seen.append(chunk)
                }
                killsAfterAWrite += 1
            }
            usleep(UInt32.random(in: 0...20_000, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationReason, .uncaughtSignal, "the writer must die by the kill, not fail")
            seen.append(output.fileHandleForReading.readDataToEndOfFile())
            writesSeen += String(decoding: seen, as: UTF8.self).components(separatedBy: "wrote").count - 1

            XCTAssertNoThrow(try Imaging.decode(path: photo.path, maxSize: 64), "iteration \(iteration): the photo decodes")
            XCTAssertTrue(try Imaging.haveSameImageData(original.path, photo.path), "iteration \(iteration): image data")
            XCTAssertEqual(Imaging.metadata(path: photo.path)?.cameraModel, "Canon EOS R6", "iteration \(iteration)")
            if let rating = Imaging.rating(path: photo.path) {
                XCTAssertTrue(Photo.ratingRange.contains(rating), "iteration \(iteration): rating \(rating)")
                ratingsFound.insert(rating)
            } else {
                XCTAssertEqual(writesSeen, 0, "iteration \(iteration): a written rating was lost")
            }
            if iteration >= 3 && (iteration % 50 == 0) {
                // Every so often the scan tidies up after the killed writers.
                FolderScanner().scan(scratch.path("photos")) { _ in }
            }
        }
        XCTAssertGreaterThan(writesSeen, killsAfterAWrite, "kills must also land amid later writes")
        XCTAssertGreaterThan(ratingsFound.count, 1, "the kills landed on different ratings")
        // The temporaries of writers killed midway are removed by a scan,
        // and nothing else is left in the folder.
        FolderScanner().scan(scratch.path("photos")) { _ in }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path("photos").path), ["IMG_0001.JPG"])
    }
}
