import Foundation
import Imaging
@testable import LightboxCore
import XCTest

/// RAW+JPEG pairs: a camera's two files of one shot show as one photo, and
/// every decision and file operation goes to both, over real files.
final class RawPairTests: XCTestCase {
    private struct Card {
        let scratch = Scratch()
        var folder: URL { scratch.path("card") }
        func path(_ name: String) -> String { folder.appendingPathComponent(name).standardizedFileURL.path }
    }

    /// DSC_0001 as NEF and JPG, DSC_0002 a NEF alone, IMG_0003 a JPG alone,
    /// dsc_0004.jpg with DSC_0004.ARW (the stems differ in case only).
    private func card() throws -> Card {
        let card = Card()
        try RawSamples.write("nef", at: card.folder.appendingPathComponent("DSC_0001.NEF"), previews: ["1024x683"])
        try PhotoFixtures.jpeg(at: card.folder.appendingPathComponent("DSC_0001.JPG"))
        try RawSamples.write("nef", at: card.folder.appendingPathComponent("DSC_0002.NEF"), previews: ["1024x683"])
        try PhotoFixtures.jpeg(at: card.folder.appendingPathComponent("IMG_0003.jpg"))
        try PhotoFixtures.jpeg(at: card.folder.appendingPathComponent("dsc_0004.jpg"))
        try RawSamples.write("arw", at: card.folder.appendingPathComponent("DSC_0004.ARW"), previews: ["1024x683"])
        return card
    }

    @MainActor
    private func open(_ card: Card, trash: FolderTrash? = nil) async throws -> (PhotoListLogic, RatingQueue) {
        let index = try LibraryIndex()
        let queue = RatingQueue(index: index)
        let logic = PhotoListLogic(library: PhotoLibrary(index: index, ratings: queue),
                                   trash: trash ?? FolderTrash(folder: card.scratch.path("trash")),
                                   watching: disk.factory)
        await logic.sendAndSettle(.sort(PhotoOrder(.name)))
        await logic.sendAndSettle(.openFolderAt(card.folder.path))
        return (logic, queue)
    }

    /// What the tests tell the list of the card's files changing.
    private let disk = TestFolderWatcher()

    @MainActor
    private func names(_ logic: PhotoListLogic) -> [String] {
        logic.state.shown.map { Photo.name(of: $0.path) + ($0.raw.map { "+" + Photo.name(of: $0) } ?? "") }
    }

    @MainActor
    func testAPairIsOnePhotoAndTheCountsStayHonest() async throws {
        let card = try card()
        let (logic, _) = try await open(card)
        XCTAssertEqual(Set(names(logic)), ["DSC_0001.JPG+DSC_0001.NEF", "DSC_0002.NEF", "dsc_0004.jpg+DSC_0004.ARW", "IMG_0003.jpg"])
        guard case .presenting(let list) = logic.state.content else { return XCTFail("\(logic.state)") }
        XCTAssertEqual(list.total, 4, "photos")
        XCTAssertEqual(list.files, 6, "files")
        XCTAssertEqual(logic.photo(at: card.path("DSC_0001.JPG"))?.raw, card.path("DSC_0001.NEF"))

        // Shown apart when the preference says so, and together again.
        await logic.sendAndSettle(.pairRawAndJPEG(false))
        XCTAssertEqual(logic.state.shown.count, 6)
        XCTAssertNil(logic.photo(at: card.path("DSC_0001.JPG"))?.raw)
        await logic.sendAndSettle(.pairRawAndJPEG(true))
        XCTAssertEqual(logic.state.shown.count, 4)
    }

    /// A pair turned turns both: the JPEG's EXIF, the RAW's sidecar
    /// (tiff:Orientation), the RAW file itself untouched. A RAW alone is
    /// not turned in its sidecar: Lightbox shows a RAW by its own EXIF.
    @MainActor
    func testARotationGoesToTheJPEGAndTheRAWsSidecar() async throws {
        let card = try card()
        let raw = card.path("DSC_0001.NEF"), jpeg = card.path("DSC_0001.JPG")
        let rawBytes = try Data(contentsOf: URL(fileURLWithPath: raw))
        let (logic, queue) = try await open(card)
        logic.send(.edit(.rotate(path: jpeg, clockwise: true)))
        await queue.settled()
        XCTAssertEqual(try ExifTool.value("EXIF:Orientation", of: URL(fileURLWithPath: jpeg)), "6")
        XCTAssertEqual(try ExifTool.value("XMP-tiff:Orientation", of: URL(fileURLWithPath: raw + ".xmp")), "6")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: raw)), rawBytes, "the RAW file itself untouched")
        XCTAssertEqual(logic.photo(at: raw)?.metadata?.orientation, 6)

        let alone = card.path("DSC_0002.NEF")
        logic.send(.edit(.rotate(path: alone, clockwise: true)))
        await queue.settled()
        XCTAssertFalse(FileManager.default.fileExists(atPath: alone + ".xmp"), "no sidecar for a RAW alone")
    }

    @MainActor
    func testARatingGoesToBothFilesTheRAWsIntoItsSidecar() async throws {
        let card = try card()
        let raw = card.path("DSC_0001.NEF"), jpeg = card.path("DSC_0001.JPG")
        let rawBytes = try Data(contentsOf: URL(fileURLWithPath: raw))
        let (logic, queue) = try await open(card)
        logic.send(.edit(.rate(path: jpeg, stars: 4)))
        await queue.settled()
        XCTAssertEqual(try ExifTool.value("XMP:Rating", of: URL(fileURLWithPath: jpeg)), "4", "the JPEG, in the file")
        XCTAssertEqual(try ExifTool.value("XMP:Rating", of: URL(fileURLWithPath: raw + ".xmp")), "4", "the RAW, in its sidecar")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: raw)), rawBytes, "the RAW file itself untouched")
        XCTAssertEqual(logic.photo(at: jpeg)?.rating, 4)

        logic.send(.select([card.path("dsc_0004.jpg")]))
        logic.send(.toggleRejected)
        await queue.settled()
        XCTAssertEqual(try ExifTool.value("XMP:Rating", of: URL(fileURLWithPath: card.path("DSC_0004.ARW") + ".xmp")), "-1")
    }

    @MainActor
    func testTrashMovesBothFilesAndUndoBringsThePairBack() async throws {
        let card = try card()
        let (logic, _) = try await open(card)
        let recorder = LogicRecorder(logic)
        await logic.sendAndSettle(.trashPhoto(card.path("DSC_0001.JPG")))
        let removed = recorder.outputs.compactMap { if case .photoRemoved(let path) = $0 { path } else { nil } }
        XCTAssertEqual(removed, [card.path("DSC_0001.JPG")], "one photo")
        XCTAssertEqual(logic.state.notice?.value, Notice("“DSC_0001” moved to trash", button: .undo))
        XCTAssertFalse(FileManager.default.fileExists(atPath: card.path("DSC_0001.JPG")), "its two files")
        XCTAssertFalse(FileManager.default.fileExists(atPath: card.path("DSC_0001.NEF")))
        XCTAssertEqual(logic.state.shown.count, 3)
        await logic.sendAndSettle(.noticeButtonPressed)
        XCTAssertEqual(logic.state.notice?.value, Notice("“DSC_0001” moved to trash", button: .undo), "nothing failed")
        XCTAssertTrue(FileManager.default.fileExists(atPath: card.path("DSC_0001.NEF")))
        XCTAssertEqual(logic.photo(at: card.path("DSC_0001.JPG"))?.raw, card.path("DSC_0001.NEF"), "paired again")
        XCTAssertEqual(logic.state.shown.count, 4)
    }

    /// Pairs are looked for only in folders where a RAW is: a RAW copied
    /// later into a folder of JPEGs still finds its JPEG.
    @MainActor
    func testARawCopiedIntoAFolderOfJPEGsJoinsItsJPEG() async throws {
        let card = Card()
        try PhotoFixtures.jpeg(at: card.folder.appendingPathComponent("DSC_0007.JPG"))
        try PhotoFixtures.jpeg(at: card.folder.appendingPathComponent("DSC_0008.JPG"))
        let (logic, _) = try await open(card)
        XCTAssertEqual(names(logic), ["DSC_0007.JPG", "DSC_0008.JPG"])
        let raw = card.path("dsc_0008.nef")
        try RawSamples.write("nef", at: URL(fileURLWithPath: raw), previews: ["1024x683"])
        disk.tell(.changed(raw))
        await logic.settled()
        XCTAssertEqual(names(logic), ["DSC_0007.JPG", "DSC_0008.JPG+dsc_0008.nef"])
        XCTAssertEqual(logic.state.shown.count, 2)
    }

    @MainActor
    func testAFileLeavingOrComingSplitsOrJoinsThePair() async throws {
        let card = try card()
        let (logic, _) = try await open(card)
        let jpeg = card.path("DSC_0001.JPG"), raw = card.path("DSC_0001.NEF")
        try FileManager.default.moveItem(atPath: jpeg, toPath: card.scratch.path("aside.jpg").path)
        disk.tell(.removed(jpeg))
        await logic.settled()
        XCTAssertTrue(names(logic).contains("DSC_0001.NEF"), "the RAW alone")
        XCTAssertEqual(logic.state.shown.count, 4)
        try FileManager.default.moveItem(atPath: card.scratch.path("aside.jpg").path, toPath: jpeg)
        disk.tell(.changed(jpeg))
        await logic.settled()
        XCTAssertTrue(names(logic).contains("DSC_0001.JPG+DSC_0001.NEF"), "together again")
        XCTAssertEqual(logic.state.shown.count, 4)
        try FileManager.default.removeItem(atPath: raw)
        disk.tell(.removed(raw))
        await logic.settled()
        XCTAssertTrue(names(logic).contains("DSC_0001.JPG"), "the JPEG alone")
        XCTAssertEqual(logic.state.shown.count, 4)
    }

    @MainActor
    func testCopyingAPairCopiesBothFilesWithTheRAWsSidecar() async throws {
        let card = try card()
        let (logic, queue) = try await open(card)
        logic.send(.edit(.rate(path: card.path("DSC_0001.JPG"), stars: 2)))
        await queue.settled()
        let album = card.scratch.path("album")
        try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
        logic.send(.select([card.path("DSC_0001.JPG")]))
        logic.send(.copyTo)
        await logic.sendAndSettle(.answer(.destination(.copy, album.path)))
        XCTAssertEqual(logic.state.notice?.value, Notice("1 photo copied to “album”"),
                       "one photo, however many files, and no failure")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: album.path).sorted(),
                       ["DSC_0001.JPG", "DSC_0001.NEF", "DSC_0001.NEF.xmp"])
    }
}

/// The pairs' rules on paths alone: one folder, one stem in any letter
/// case (Unicode's too), a RAW with a JPEG or HEIC, the first of each.
final class RawPairRuleTests: XCTestCase {
    func testAPairIsOneFolderAndOneStemInAnyLetterCase() {
        var pairs = HeldFiles()
        XCTAssertNil(pairs.add("/card/DSC_0001.NEF"))
        XCTAssertEqual(pairs.add("/card/dsc_0001.jpg"), "/card/DSC_0001.NEF", "the stems differ in case only")
        XCTAssertNil(pairs.add("/other/DSC_0001.JPG"), "another folder")
        XCTAssertNil(pairs.add("/card/DSC_0001.nef"), "a second RAW of the stem pairs no further")
        XCTAssertNil(pairs.add("/card/DSC_0001.png"), "a PNG pairs with nothing")
        XCTAssertNil(pairs.add("/card/DSC_00010.JPG"), "a longer stem")
        XCTAssertNil(pairs.add("/card/Été.CR2"))
        XCTAssertEqual(pairs.add("/card/éTÉ.HEIC"), "/card/Été.CR2", "letters beyond ASCII fold too")
        XCTAssertNil(pairs.add("/card/x.tar.CR2"))
        XCTAssertNil(pairs.add("/card/x.JPG"), "the stem is the name up to its last dot")
        XCTAssertEqual(pairs.pairs.count, 2)
        XCTAssertTrue(pairs.pairs.isPairedRaw("/card/DSC_0001.NEF"))
        XCTAssertFalse(pairs.pairs.isPairedRaw("/card/dsc_0001.jpg"))

        pairs.remove("/card/DSC_0001.NEF")
        XCTAssertNil(pairs.pairs.partner(of: "/card/dsc_0001.jpg"))
        XCTAssertEqual(pairs.pairs.partner(joining: "/card/DSC_0001.NEF"), "/card/dsc_0001.jpg")
        XCTAssertEqual(pairs.pairs.count, 1)
    }

    /// Many files, few pairs: every pair is found, whatever the order the
    /// files come in, and nothing else pairs (hash collisions included).
    func testEveryPairIsFoundAmongThousandsOfFiles() {
        var pairs = HeldFiles()
        var paths = (0..<20_000).map { "/library/\($0 % 100)/IMG_\($0).JPG" }
        paths += stride(from: 0, to: 20_000, by: 97).map { "/library/\($0 % 100)/img_\($0).dng" }
        var random = Seeded(state: 3)
        var found = 0
        for path in paths.shuffled(using: &random) where pairs.add(path) != nil { found += 1 }
        XCTAssertEqual(found, 207)
        XCTAssertEqual(pairs.pairs.count, 207)
        XCTAssertEqual(pairs.pairs.partner(of: "/library/94/IMG_194.JPG"), "/library/94/img_194.dng")
        XCTAssertNil(pairs.pairs.partner(of: "/library/95/IMG_195.JPG"))
    }

    /// A folder's pictures are kept only once a RAW comes there: those held
    /// before it then come in, in name order (the first stands for a pair).
    func testAFolderFirstRawFindsThePicturesHeldBeforeIt() {
        var pairs = HeldFiles()
        XCTAssertNil(pairs.add("/card/DSC_0002.JPG"))
        XCTAssertNil(pairs.add("/card/DSC_0001.JPG"))
        XCTAssertNil(pairs.add("/card/DSC_0001.HEIC"))
        XCTAssertNil(pairs.pairs.partner(joining: "/card/DSC_0001.JPG"), "no RAW anywhere: nothing to join")
        XCTAssertEqual(pairs.add("/card/dsc_0001.ORF"), "/card/DSC_0001.HEIC", "the first by name")
        XCTAssertEqual(pairs.pairs.partner(joining: "/card/DSC_0002.NEF"), "/card/DSC_0002.JPG")
        XCTAssertNil(pairs.pairs.partner(joining: "/other/DSC_0002.NEF"), "another folder")
        XCTAssertNil(pairs.add("/other/DSC_0002.JPG"))
        XCTAssertEqual(pairs.add("/other/DSC_0002.NEF"), "/other/DSC_0002.JPG")
        XCTAssertEqual(pairs.pairs.count, 2)
    }
}

/// RawPairs with the files given to it held beside it, as PhotoCollection
/// holds them.
private struct HeldFiles {
    var pairs = RawPairs()
    private var held: [String] = []

    @discardableResult
    mutating func add(_ path: String) -> String? {
        held.append(path)
        let files = held
        return pairs.add(path) { path in files.filter { Self.folder(of: $0) == Self.folder(of: path) } }
    }

    mutating func remove(_ path: String) {
        held.removeAll { $0 == path }
        pairs.remove(path)
    }

    private static func folder(of path: String) -> Substring { path[..<(path.lastIndex(of: "/") ?? path.startIndex)] }
}

