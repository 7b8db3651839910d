import Foundation
@testable import LightboxCore
import XCTest

/// Kills a process that saves profiles in a loop (lightbox-profile-writer)
/// at random instants, many times, and checks each time that what is on
/// disk is exactly one of the profiles it wrote, photo included.
final class ProfileAtomicityTests: XCTestCase {
    private static let colors: [[UInt8]] = [[220, 30, 30], [30, 200, 60], [40, 60, 230]]

    private var writer: URL? {
        let folder = Bundle.main.executableURL?.deletingLastPathComponent()
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [folder, folder.deletingLastPathComponent(), URL(fileURLWithPath: ".build/debug")]
        return candidates.map { $0.appendingPathComponent("lightbox-profile-writer") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    func testAKilledSaveNeverLeavesABrokenProfile() throws {
        guard let writer else {
            return XCTFail("lightbox-profile-writer not found next to the test bundle: build with --build-tests")
        }
        let scratch = Scratch()
        let images = Self.colors.enumerated().map { index, rgb in
            ProfileImages.ppm(scratch.path("image\(index).ppm"), width: 96 + index * 40, height: 80, rgb: rgb).path
        }
        let store = FileProfileStore(folder: scratch.path("data/lightbox"))
        var generator = SystemRandomNumberGenerator()
        var savesSeen = 0, killsAfterFirstSave = 0, distinctProfiles = Set<Int>()
        let iterations = 60
        let started = Date()

        for iteration in 0..<iterations {
            let process = Process()
            process.executableURL = writer
            process.arguments = images
            process.environment = ["HOME": scratch.url.path, "XDG_DATA_HOME": scratch.path("data").path,
                                   "PATH": "/usr/bin:/bin"]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            // Most runs: wait for a first save, then kill at a random
            // instant of the ones after. Every fourth: kill early, maybe in
            // the very first save.
            var seen = Data()
            if iteration % 4 != 3 {
                while !String(decoding: seen, as: UTF8.self).contains("saved") {
                    let chunk = output.fileHandleForReading.availableData
                    if chunk.isEmpty { break }
                    seen.append(chunk)
                }
                killsAfterFirstSave += 1
            }
            usleep(UInt32.random(in: 0...25_000, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationReason, .uncaughtSignal, "the writer must die by the kill, not fail")
            seen.append(output.fileHandleForReading.readDataToEndOfFile())
            let lines = String(decoding: seen, as: UTF8.self)
            savesSeen += lines.components(separatedBy: "saved").count - 1

            let result: ProfileLoadResult
            do {
                result = try store.load()
            } catch {
                return XCTFail("iteration \(iteration): the profile could not be loaded: \(error.message)")
            }
            if case .nothingSaved = result, iteration == 0 { continue }
            guard case .loaded(let profile, nil) = result else {
                return XCTFail("iteration \(iteration): expected a whole profile, got \(result)")
            }
            guard let number = Int(profile.displayName.dropFirst("Writer ".count)) else {
                return XCTFail("iteration \(iteration): not a written name: \(profile.displayName)")
            }
            distinctProfiles.insert(number)
            XCTAssertEqual(profile.email, "writer-\(number)@example.com", "iteration \(iteration)")
            XCTAssertEqual(profile.about, String(repeating: "Profile \(number). ", count: 20), "iteration \(iteration)")
            let avatar = try XCTUnwrap(profile.avatar, "iteration \(iteration): the photo is lost")
            XCTAssertEqual(avatar.width, 96 + (number % 3) * 40, "iteration \(iteration): photo of another profile")
            XCTAssertEqual(avatar.rgba(x: 5, y: 5), Self.colors[number % 3] + [255], "iteration \(iteration)")
            let file = try XCTUnwrap(avatar.storedFileName)
            XCTAssertTrue(FileManager.default.fileExists(atPath: store.folder.appendingPathComponent(file).path))
        }
        XCTAssertGreaterThan(savesSeen, killsAfterFirstSave, "kills must also land after later saves, amid the stream")
        XCTAssertGreaterThan(killsAfterFirstSave, iterations / 2)
        XCTAssertGreaterThan(distinctProfiles.count, 1)
        XCTAssertLessThan(Date().timeIntervalSince(started), 30, "keep the test quick")
        // The load cleaned up after the kills: one profile, one photo.
        let left = try FileManager.default.contentsOfDirectory(atPath: store.folder.path).sorted()
        XCTAssertEqual(left.count, 2, "\(left)")
        XCTAssertEqual(left.last, "profile.json")
    }
}
