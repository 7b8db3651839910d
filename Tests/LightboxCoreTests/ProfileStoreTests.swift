import Foundation
import Imaging
@testable import LightboxCore
import XCTest

final class ProfileStoreTests: XCTestCase {
    private func store(_ scratch: Scratch) -> FileProfileStore {
        FileProfileStore(directories: XDGDirectories(environment: scratch.directories))
    }

    private func folderContents(_ store: FileProfileStore) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: store.folder.path)) ?? []).sorted()
    }

    func testNothingSavedAtFirst() throws {
        XCTAssertEqual(try store(Scratch()).load(), .nothingSaved)
    }

    func testRoundTripWithAPhotoInTheDataFolder() throws {
        let scratch = Scratch()
        let store = store(scratch)
        XCTAssertEqual(store.folder.path, scratch.path("data/lightbox").path)
        let avatar = try ProfileImages.avatar(in: scratch, rgb: [10, 120, 230], width: 900, height: 600)
        XCTAssertEqual([avatar.width, avatar.height], [512, 341], "scaled to at most 512 px")
        let profile = Profile(displayName: "Zoë 山田 👩‍💻 محمد", email: "zoë@exämple.fr",
                              about: "Line one\nLine \"two\" <b>", avatar: avatar)
        let saved = try store.save(profile)
        let file = try XCTUnwrap(saved.avatar?.storedFileName)
        XCTAssertTrue(file.hasPrefix("avatar-") && file.hasSuffix(".png"), file)
        XCTAssertEqual(folderContents(store), [file, "profile.json"].sorted())

        // The original may go away: the profile keeps its own copy.
        try FileManager.default.removeItem(at: scratch.path("face.ppm"))
        guard case .loaded(let loaded, let notice) = try FileProfileStore(folder: store.folder).load() else {
            return XCTFail("expected the saved profile")
        }
        XCTAssertNil(notice)
        XCTAssertEqual(loaded, profile)
        XCTAssertEqual(loaded.avatar?.rgba(x: 100, y: 100), [10, 120, 230, 255])
        XCTAssertEqual(loaded.avatar?.storedFileName, file)
    }

    func testSavingAgainReusesOrReplacesThePhoto() throws {
        let scratch = Scratch()
        let store = store(scratch)
        let first = try store.save(Profile(displayName: "A", avatar: try ProfileImages.avatar(in: scratch)))
        let firstFile = try XCTUnwrap(first.avatar?.storedFileName)
        var renamed = first
        renamed.displayName = "B"
        XCTAssertEqual(try store.save(renamed).avatar?.storedFileName, firstFile, "same photo, same file")

        renamed.avatar = try ProfileImages.avatar(in: scratch, "other", rgb: [0, 255, 0])
        let second = try store.save(renamed)
        let secondFile = try XCTUnwrap(second.avatar?.storedFileName)
        XCTAssertNotEqual(secondFile, firstFile, "a new photo gets a new name")
        XCTAssertEqual(folderContents(store), [secondFile, "profile.json"].sorted(), "the old photo is deleted")

        renamed.avatar = nil
        XCTAssertNil(try store.save(renamed).avatar)
        XCTAssertEqual(folderContents(store), ["profile.json"])
        XCTAssertEqual(try store.load(), .loaded(Profile(displayName: "B"), notice: nil))
    }

    func testCorruptDataIsMovedAsideAndSaidSo() throws {
        let scratch = Scratch()
        let store = store(scratch)
        for garbage in ["{ not json", "", #"{"version": 99, "displayName": "x", "email": "", "about": ""}"#,
                        #"{"version": 1, "displayName": "x", "email": "", "about": "", "avatar": "../../etc/passwd"}"#] {
            scratch.file("data/lightbox/profile.json", garbage)
            guard case .recovered(let notice) = try store.load() else { return XCTFail("expected recovery: \(garbage)") }
            XCTAssertTrue(notice.hasPrefix("Your saved profile is damaged, so Lightbox started with a new one."), notice)
            let kept = folderContents(store).filter { $0.hasPrefix("profile.json.damaged-") }
            XCTAssertFalse(kept.isEmpty)
            XCTAssertTrue(kept.contains { notice.contains($0) }, "the notice names where the data went: \(notice)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: store.profileURL.path))
        }
        let kept = folderContents(store).filter { $0.hasPrefix("profile.json.damaged-") }
        XCTAssertEqual(kept.count, 4, "nothing is deleted: \(kept)")
        XCTAssertEqual(try store.load(), .nothingSaved)
    }

    func testAnUnreadableProfileIsMovedAsideToo() throws {
        let scratch = Scratch()
        let store = store(scratch)
        // A folder where the file should be cannot be read as a file.
        try FileManager.default.createDirectory(at: store.profileURL, withIntermediateDirectories: true)
        guard case .recovered(let notice) = try store.load() else { return XCTFail("expected recovery") }
        XCTAssertTrue(notice.hasPrefix("Your saved profile could not be read"), notice)
    }

    func testADamagedPhotoIsSetAsideAndTheRestLoads() throws {
        let scratch = Scratch()
        let store = store(scratch)
        let saved = try store.save(Profile(displayName: "Ada", avatar: try ProfileImages.avatar(in: scratch)))
        let file = try XCTUnwrap(saved.avatar?.storedFileName)
        scratch.file("data/lightbox/\(file)", "not a png any more")
        guard case .loaded(let loaded, let notice?) = try store.load() else { return XCTFail("expected a notice") }
        XCTAssertEqual(loaded, Profile(displayName: "Ada"))
        XCTAssertTrue(notice.hasPrefix("Your profile photo could not be read"), notice)
        XCTAssertTrue(folderContents(store).contains { $0.hasPrefix("\(file).damaged-") }, "kept, not deleted")
    }

    func testAFailedSaveSaysWhyAndKeepsTheOldProfile() throws {
        let scratch = Scratch()
        let store = store(scratch)
        _ = try store.save(Profile(displayName: "Old"))
        // The data folder replaced by a file: nothing can be written there.
        let blocked = FileProfileStore(folder: scratch.file("data/blocked").appendingPathComponent("lightbox"))
        XCTAssertThrowsError(try blocked.save(Profile(displayName: "New"))) { error in
            let message = (error as? ProfileStoreError)?.message ?? ""
            XCTAssertTrue(message.hasPrefix("Your profile could not be saved in"), message)
            XCTAssertTrue(message.contains("not a folder"), message)
        }
        XCTAssertEqual(ProfileStoreError.reason(errno: ENOSPC), "the disk is full. Free some space, then try again")
        XCTAssertEqual(ProfileStoreError.reason(errno: EROFS), "the disk is read-only")
        XCTAssertEqual(try store.load(), .loaded(Profile(displayName: "Old"), notice: nil))
    }

    func testLeftoversOfAnInterruptedSaveAreCleanedUp() throws {
        let scratch = Scratch()
        let store = store(scratch)
        _ = try store.save(Profile(displayName: "Ada"))
        scratch.file("data/lightbox/avatar-half-written.png", "\u{89}PNG")
        scratch.file("data/lightbox/.profile.json.Ab12Cd", "{")
        XCTAssertEqual(try store.load(), .loaded(Profile(displayName: "Ada"), notice: nil))
        XCTAssertEqual(folderContents(store), ["profile.json"])
    }

    func testRefusedPhotosSayWhy() throws {
        let scratch = Scratch()
        func refusal(_ url: URL) -> String {
            do {
                _ = try AvatarImage.decode(path: url.path)
                return "accepted"
            } catch {
                return error.message
            }
        }
        XCTAssertEqual(refusal(scratch.file("notes.txt", "hello")),
                       "“notes.txt” cannot be used as your photo. The file is not an image Lightbox can read.")
        // Noise, so that the pixel data fills the file and a cut lands in it.
        var noise = Data("P6\n300 200\n255\n".utf8)
        noise.append(contentsOf: (0..<(300 * 200 * 3)).map { _ in UInt8.random(in: 0...255) })
        _ = FileManager.default.createFile(atPath: scratch.path("noise.ppm").path, contents: noise)
        try Imaging.decode(path: scratch.path("noise.ppm").path, maxSize: 1000).savePNG(to: scratch.path("whole.png").path)
        let bytes = try Data(contentsOf: scratch.path("whole.png"))
        _ = FileManager.default.createFile(atPath: scratch.path("cut.png").path, contents: bytes.prefix(bytes.count / 2))
        XCTAssertEqual(refusal(scratch.path("whole.png")), "accepted")
        XCTAssertEqual(refusal(scratch.path("cut.png")),
                       "“cut.png” cannot be used as your photo. The image is damaged or incomplete.")
        // A JPEG cut short (gdk-pixbuf itself would decode it, grey at the bottom).
        let jpeg = scratch.path("whole.jpg")
        try Imaging.encode(PixelData(width: 64, height: 64, rgba: Data(repeating: 90, count: 64 * 64 * 4)),
                           to: jpeg.path, as: .jpeg(quality: 90))
        XCTAssertEqual(refusal(jpeg), "accepted")
        let whole = try Data(contentsOf: jpeg)
        _ = FileManager.default.createFile(atPath: scratch.path("cut.jpg").path, contents: whole.prefix(whole.count * 2 / 3))
        XCTAssertEqual(refusal(scratch.path("cut.jpg")),
                       "“cut.jpg” cannot be used as your photo. The image is damaged or incomplete.")
        var huge = Data("P6\n100000 100000\n255\n".utf8)
        huge.append(Data(repeating: 7, count: 300))
        _ = FileManager.default.createFile(atPath: scratch.path("huge.ppm").path, contents: huge)
        XCTAssertEqual(refusal(scratch.path("huge.ppm")),
                       "“huge.ppm” cannot be used as your photo. The image is too large (100000 × 100000 pixels).")
        XCTAssertEqual(refusal(scratch.path("gone.jpg")),
                       "“gone.jpg” cannot be used as your photo: the file no longer exists.")
    }
}
