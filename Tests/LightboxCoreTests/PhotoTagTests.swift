import Foundation
import Imaging
@testable import LightboxCore
import XCTest

/// Labels, keywords, titles and captions as the list gives, shows, finds
/// and filters them, and as they reach the files (checked with exiftool).
final class PhotoTagTests: XCTestCase {
    private let finistere = Keyword("Places|Brittany|Finistère")!
    private let sunset = Keyword("sunset")!

    // MARK: The rules

    func testEditsMergeApplyAndTakeBack() {
        let before = PhotoTags(label: .red, keywords: [sunset], title: "Harbour")
        let edit = TagEdit(label: .some(.blue), adding: [finistere], removing: [sunset])
        let after = edit.applied(to: before)
        XCTAssertEqual(after.label, .blue)
        XCTAssertEqual(after.keywords, [finistere])
        XCTAssertEqual(after.title, "Harbour", "a field left out stays")
        XCTAssertEqual(edit.applied(to: after), after, "applying twice changes nothing more")
        XCTAssertEqual(edit.inverse(from: before).applied(to: after), before, "the inverse puts it back")

        let merged = TagEdit(adding: [sunset]).then(TagEdit(label: .some(nil), removing: [sunset]))
        XCTAssertEqual(merged.added, [])
        XCTAssertEqual(merged.removed, ["sunset"])
        XCTAssertEqual(merged.label, "", "taking the label away is a change of its own")
        XCTAssertEqual(TagEdit(title: "  ").applied(to: before).title, nil, "a blank title takes it away")
    }

    func testKeywordsAreHierarchyPaths() {
        XCTAssertEqual(Keyword(" Places | Brittany |Finistère ")?.path, "Places|Brittany|Finistère")
        XCTAssertEqual(finistere.leaf, "Finistère")
        XCTAssertEqual(finistere.parents, "Places › Brittany")
        XCTAssertNil(sunset.parents)
        XCTAssertNil(Keyword(" | "))
        XCTAssertEqual(ColorLabel(xmpName: "red"), .red)
        XCTAssertNil(ColorLabel(xmpName: "Orange"))
        XCTAssertEqual(ColorLabel.forKey(8), .green)
    }

    func testSearchFindsNamesTitlesCaptionsAndKeywordsWithoutAccents() {
        var photo = Photo(path: "/p/IMG_0042.JPG", fileSize: 1, modificationTime: 1)
        photo.tags = PhotoTags(keywords: [finistere], title: "Pointe du Raz", caption: "Vagues à l’Océan")
        XCTAssertEqual(photo.title, "Pointe du Raz")
        for search in ["finistere", "FINISTÈRE", "brittany", "img_0042", "pointe raz", "ocean vagues"] {
            XCTAssertTrue(photo.matches(search: Photo.searchWords(search)), search)
        }
        XCTAssertFalse(photo.matches(search: Photo.searchWords("finistere lisbon")), "every word must match")
    }

    func testTheFilterCombinesLabelsKeywordsKindsCamerasAndDays() {
        let day = PhotoMetadata.exifDate("2024:07:14 18:30:00")!
        func photo(_ name: String, label: ColorLabel? = nil, keywords: [Keyword] = [], raw: String? = nil,
                   camera: String? = nil, taken: Date? = nil) -> Photo {
            var photo = Photo(path: "/p/\(name)", fileSize: 1, modificationTime: 1,
                              metadata: PhotoMetadata(dateTaken: taken, cameraModel: camera), tags: PhotoTags(label: label, keywords: keywords))
            photo = photo.paired(with: raw)
            return photo
        }
        let photos = [
            photo("a.jpg", label: .red, keywords: [finistere], camera: "X-T5", taken: day),
            photo("b.jpg", label: .blue, keywords: [Keyword("Places|Brittany")!], raw: "/p/b.raf"),
            photo("c.nef", keywords: [sunset], camera: "Z 6", taken: day.addingTimeInterval(-86_400 * 3)),
        ]
        func shown(_ filter: PhotoFilter) -> [String] {
            photos.filter(filter.predicate()).map { String(Photo.name(of: $0.path)) }
        }
        XCTAssertEqual(shown(PhotoFilter(labels: [.red, .blue])), ["a.jpg", "b.jpg"])
        XCTAssertEqual(shown(PhotoFilter(keyword: Keyword("Places|Brittany"))), ["a.jpg", "b.jpg"], "below it too")
        XCTAssertEqual(shown(PhotoFilter(keyword: Keyword("Places|Brit"))), [], "a level, not a prefix")
        XCTAssertEqual(shown(PhotoFilter(kind: .raw)), ["b.jpg", "c.nef"])
        XCTAssertEqual(shown(PhotoFilter(kind: .rawAndJPEG)), ["b.jpg"])
        XCTAssertEqual(shown(PhotoFilter(kind: .noRaw)), ["a.jpg"])
        XCTAssertEqual(shown(PhotoFilter(camera: "Z 6")), ["c.nef"])
        XCTAssertEqual(shown(PhotoFilter(taken: day...day)), ["a.jpg"], "the whole day")
        XCTAssertEqual(shown(PhotoFilter(text: "finistere", labels: [.red])), ["a.jpg"])
        XCTAssertTrue(PhotoFilter(labels: [.green]).narrows)
        XCTAssertEqual(PhotoFilter(text: "x", labels: [.red], keyword: sunset).kept, PhotoFilter(labels: [.red]))
        // A search typed further narrows what the last one found.
        XCTAssertTrue(PhotoFilter(text: "fin").refines(PhotoFilter(text: "fi")))
        XCTAssertTrue(PhotoFilter(text: "finistere m").refines(PhotoFilter(text: "finistere")))
        XCTAssertTrue(PhotoFilter(text: "f").refines(PhotoFilter()))
        XCTAssertFalse(PhotoFilter(text: "fi").refines(PhotoFilter(text: "fin")), "a letter taken back widens")
        XCTAssertFalse(PhotoFilter(text: "fin", labels: [.red]).refines(PhotoFilter(text: "fi")), "another part changed")
    }

    // MARK: Over real files

    private struct Folder {
        let scratch = Scratch()
        var url: URL { scratch.path("photos") }
        func path(_ name: String) -> String { url.appendingPathComponent(name).standardizedFileURL.path }
        func file(_ name: String) -> URL { URL(fileURLWithPath: path(name)) }
    }

    @MainActor
    private func open(_ folder: Folder, index: LibraryIndex? = nil, storage: RatingStorage = .photoFiles,
                      writer: any RatingWriter = FileRatingWriter()) async throws -> (PhotoListLogic, RatingQueue) {
        let index = try index ?? LibraryIndex()
        let queue = RatingQueue(index: index, writer: writer, storage: storage)
        let logic = PhotoListLogic(library: PhotoLibrary(index: index, ratings: queue),
                                   trash: FolderTrash(folder: folder.scratch.path("trash")))
        await logic.sendAndSettle(.sort(PhotoOrder(.name)))
        await logic.sendAndSettle(.openFolderAt(folder.url.path))
        return (logic, queue)
    }

    /// Adds the keyword typed to the photos at `paths`, as Ctrl+K asks it.
    @MainActor
    private func addKeyword(_ keyword: Keyword, paths: [String], in logic: PhotoListLogic) {
        logic.send(.select(paths))
        logic.send(.addKeyword)
        guard case .keyword(count: paths.count, _)? = logic.state.question?.value else {
            return XCTFail("the keyword is asked for: \(String(describing: logic.state.question))")
        }
        logic.send(.answer(.keyword(keyword.path)))
    }

    @MainActor
    func testLabelKeysGoIntoTheFilesAndToggle() async throws {
        let folder = Folder()
        for name in ["a", "b", "c"] { try PhotoFixtures.jpeg(at: folder.url.appendingPathComponent("\(name).jpg")) }
        let (logic, queue) = try await open(folder)
        logic.send(.select([folder.path("a.jpg"), folder.path("b.jpg")]))
        logic.send(.toggleLabel(.red))
        XCTAssertEqual(logic.photo(at: folder.path("a.jpg"))?.tags.label, .red, "shown at once")
        await queue.settled()
        XCTAssertEqual(try ExifTool.value("XMP-xmp:Label", of: folder.file("a.jpg")), "Red")
        XCTAssertEqual(try ExifTool.value("XMP-xmp:Label", of: folder.file("b.jpg")), "Red")
        XCTAssertNil(try ExifTool.value("XMP-xmp:Label", of: folder.file("c.jpg")))

        logic.send(.select([folder.path("a.jpg")]))
        logic.send(.toggleLabel(.red))
        await queue.settled()
        XCTAssertNil(try ExifTool.value("XMP-xmp:Label", of: folder.file("a.jpg")), "the same key takes it away")
        XCTAssertNil(logic.photo(at: folder.path("a.jpg"))?.tags.label)
    }

    @MainActor
    func testAKeywordAddedToASelectionReachesEveryFileAndOneUndoTakesItBack() async throws {
        let folder = Folder()
        for name in ["a", "b", "c"] { try PhotoFixtures.jpeg(at: folder.url.appendingPathComponent("\(name).jpg")) }
        try ExifTool.write(["-XMP-lr:HierarchicalSubject=Places|Brittany|Finistère", "-XMP-dc:Subject=Finistère"],
                           to: folder.file("c.jpg"))
        let (logic, queue) = try await open(folder)
        XCTAssertEqual(logic.photo(at: folder.path("c.jpg"))?.tags.keywords, [finistere], "read from the file")
        let paths = ["a.jpg", "b.jpg", "c.jpg"].map(folder.path)
        addKeyword(finistere, paths: paths, in: logic)
        await logic.settled()
        XCTAssertEqual(logic.state.notice?.value.text, "Added “Finistère” to 2 photos.", "c had it already")
        XCTAssertEqual(logic.state.notice?.value.button, .undo)
        await queue.settled()
        for name in ["a.jpg", "b.jpg"] {
            XCTAssertEqual(try ExifTool.value("XMP-lr:HierarchicalSubject", of: folder.file(name)), "Places|Brittany|Finistère")
            XCTAssertEqual(try ExifTool.value("XMP-dc:Subject", of: folder.file(name)), "Finistère", "the leaf")
        }
        XCTAssertEqual(logic.knownKeywords.first, finistere, "offered first when typing the next one")

        await logic.sendAndSettle(.search("finistere"))
        XCTAssertEqual(logic.state.shown.count, 3, "found by its keyword, without the accent")

        await logic.sendAndSettle(.noticeButtonPressed)
        await queue.settled()
        XCTAssertNil(try ExifTool.value("XMP-dc:Subject", of: folder.file("a.jpg")), "taken back")
        XCTAssertEqual(try ExifTool.value("XMP-dc:Subject", of: folder.file("c.jpg")), "Finistère",
                       "the photo that had it before keeps it")
        XCTAssertEqual(logic.state.shown.count, 1)
    }

    /// Cancel stops a batch's writes and takes the change back; the files
    /// not yet written stay as they were, byte for byte (a change taken
    /// back before it reached a file is nothing to write).
    @MainActor
    func testAStoppedBatchTakenBackLeavesUnwrittenFilesUntouched() async throws {
        let folder = Folder()
        for name in ["a", "b", "c"] { try PhotoFixtures.jpeg(at: folder.url.appendingPathComponent("\(name).jpg")) }
        let before = try ["a", "b", "c"].map { try Data(contentsOf: folder.file("\($0).jpg")) }
        // The first file takes long enough for the progress (and its
        // Cancel) to show; the second waits for the Cancel.
        let writer = HeldTagWriter()
        defer { writer.release() }
        let (logic, queue) = try await open(folder, writer: writer)
        addKeyword(sunset, paths: ["a.jpg", "b.jpg", "c.jpg"].map(folder.path), in: logic)
        let cancellable = await eventually { logic.state.notice?.value.button == .cancel }
        XCTAssertTrue(cancellable, "the writes' progress shows, with Cancel: \(String(describing: logic.state.notice))")
        logic.send(.noticeButtonPressed)
        writer.release()
        await logic.settled()
        await queue.settled()
        XCTAssertEqual(logic.state.notice?.value.text, "Stopped: every photo is back as it was.")
        XCTAssertEqual(try Data(contentsOf: folder.file("c.jpg")), before[2], "the file not written is untouched")
        for name in ["a.jpg", "b.jpg"] {
            XCTAssertNil(try ExifTool.value("XMP-dc:Subject", of: folder.file(name)), "\(name) is taken back")
        }
        XCTAssertEqual(logic.photo(at: folder.path("a.jpg"))?.tags.keywords, [])
        XCTAssertEqual(logic.photo(at: folder.path("c.jpg"))?.tags.keywords, [])
        XCTAssertEqual(try queue.index.pendingTagWrites(), [], "nothing left to write")
    }

    @MainActor
    func testAPairsTagsGoToTheJPEGAndTheRAWsSidecar() async throws {
        let folder = Folder()
        try RawSamples.write("nef", at: folder.url.appendingPathComponent("DSC_0001.NEF"), previews: ["1024x683"])
        try PhotoFixtures.jpeg(at: folder.url.appendingPathComponent("DSC_0001.JPG"))
        let raw = folder.path("DSC_0001.NEF")
        let rawBytes = try Data(contentsOf: URL(fileURLWithPath: raw))
        let (logic, queue) = try await open(folder)
        logic.send(.edit(.tag(TagEdit(label: .some(.green)), path: folder.path("DSC_0001.JPG"))))
        logic.send(.edit(.tag(TagEdit(caption: "Low tide"), path: folder.path("DSC_0001.JPG"))))
        await queue.settled()
        XCTAssertEqual(try ExifTool.value("XMP-xmp:Label", of: folder.file("DSC_0001.JPG")), "Green")
        XCTAssertEqual(try ExifTool.value("XMP-xmp:Label", of: URL(fileURLWithPath: raw + ".xmp")), "Green")
        XCTAssertEqual(try ExifTool.value("XMP-dc:Description", of: URL(fileURLWithPath: raw + ".xmp")), "Low tide")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: raw)), rawBytes, "the RAW file itself untouched")
    }

    /// A label and a rating given while the folder still loads stay when
    /// the photos' metadata, read meanwhile, arrives. (Kept in Lightbox
    /// only: a label written into the file first would be read back.)
    @MainActor
    func testDecisionsGivenWhileLoadingStay() async throws {
        let folder = Folder()
        for name in ["a", "b"] { try PhotoFixtures.jpeg(at: folder.url.appendingPathComponent("\(name).jpg")) }
        let queue = RatingQueue(index: try LibraryIndex(), storage: .lightboxOnly)
        let logic = PhotoListLogic(library: PhotoLibrary(index: queue.index, ratings: queue),
                                   trash: FolderTrash(folder: folder.scratch.path("trash")))
        let a = folder.path("a.jpg")
        var decided = false
        logic.onState = { state in
            // As soon as the photos show, before their metadata is read.
            guard !decided, case .loading(let list, _) = state.content, list.photos.count == 2,
                  list.photos.allSatisfy({ $0.metadata == nil }) else { return }
            decided = true
            logic.send(.edit(.tag(TagEdit(label: .some(.green)), path: a)))
            logic.send(.edit(.rate(path: a, stars: 3)))
        }
        await logic.sendAndSettle(.openFolderAt(folder.url.path))
        XCTAssertTrue(decided, "decided while loading")
        XCTAssertNotNil(logic.photo(at: a)?.metadata, "the metadata arrived after")
        XCTAssertEqual(logic.photo(at: a)?.tags.label, .green)
        XCTAssertEqual(logic.photo(at: a)?.rating, 3)
        await queue.settled()
    }

    /// What Lightbox wrote reads back the same, from the file alone.
    @MainActor
    func testWrittenTagsReadBack() async throws {
        let folder = Folder()
        try PhotoFixtures.jpeg(at: folder.url.appendingPathComponent("a.jpg"))
        let (logic, queue) = try await open(folder)
        addKeyword(sunset, paths: [folder.path("a.jpg")], in: logic)
        addKeyword(finistere, paths: [folder.path("a.jpg")], in: logic)
        logic.send(.toggleLabel(.blue))
        logic.send(.edit(.tag(TagEdit(title: "Harbour"), path: folder.path("a.jpg"))))
        await logic.settled()
        await queue.settled()
        XCTAssertEqual(try queue.index.pendingTagWrites(), [])
        let read = try XCTUnwrap(Imaging.metadata(path: folder.path("a.jpg")))
        XCTAssertEqual(Set(read.keywords), ["sunset", finistere.path])
        let (again, againQueue) = try await open(folder)
        XCTAssertEqual(Set(again.photo(at: folder.path("a.jpg"))?.tags.keywords ?? []), [sunset, finistere])
        XCTAssertEqual(again.photo(at: folder.path("a.jpg"))?.tags.label, .blue)
        XCTAssertEqual(again.photo(at: folder.path("a.jpg"))?.title, "Harbour")
        let reloaded = await PhotoLibrary(index: againQueue.index, ratings: againQueue).reload(path: folder.path("a.jpg"))
        XCTAssertEqual(Set(reloaded?.tags.keywords ?? []), [sunset, finistere])
    }

    /// With "Only in Lightbox" nothing is written, and the index keeps the
    /// change for the next time the folder opens.
    @MainActor
    func testTagsKeptOnlyInLightboxSurviveAReload() async throws {
        let folder = Folder()
        try PhotoFixtures.jpeg(at: folder.url.appendingPathComponent("a.jpg"))
        let before = try Data(contentsOf: folder.file("a.jpg"))
        let index = try LibraryIndex()
        do {
            let (logic, queue) = try await open(folder, index: index, storage: .lightboxOnly)
            logic.send(.edit(.tag(TagEdit(title: "Harbour at dusk"), path: folder.path("a.jpg"))))
            addKeyword(sunset, paths: [folder.path("a.jpg")], in: logic)
            await logic.settled()
            await queue.settled()
        }
        XCTAssertEqual(try Data(contentsOf: folder.file("a.jpg")), before, "the file untouched")
        let (again, _) = try await open(folder, index: index, storage: .lightboxOnly)
        let photo = try XCTUnwrap(again.photo(at: folder.path("a.jpg")))
        XCTAssertEqual(photo.title, "Harbour at dusk")
        XCTAssertEqual(photo.tags.keywords, [sunset])
    }

    /// What another tool wrote (as Lightroom, darktable and digiKam write it)
    /// is shown: the label, the keywords with their hierarchy, the caption.
    @MainActor
    func testTagsOtherToolsWroteAreShownAndSearched() async throws {
        let folder = Folder()
        for name in ["lightroom", "darktable", "digikam"] {
            try PhotoFixtures.jpeg(at: folder.url.appendingPathComponent("\(name).jpg"))
        }
        try ExifTool.write(["-XMP-xmp:Label=Yellow", "-XMP-lr:HierarchicalSubject=Places|Brittany|Finistère",
                            "-XMP-dc:Subject=Places", "-XMP-dc:Subject=Brittany", "-XMP-dc:Subject=Finistère",
                            "-XMP-dc:Subject=sunset", "-XMP-dc:Description=Pointe du Raz"],
                           to: folder.file("lightroom.jpg"))
        // darktable keeps its labels in its own sidecars (exiftool has no
        // darktable namespace to write them with): as darktable writes one.
        try """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:darktable="http://darktable.sf.net/">
            <darktable:colorlabels><rdf:Seq><rdf:li>2</rdf:li></rdf:Seq></darktable:colorlabels>
            </rdf:Description></rdf:RDF></x:xmpmeta>
            """.write(toFile: folder.path("darktable.jpg") + ".xmp", atomically: false, encoding: .utf8)
        try ExifTool.write(["-XMP-digiKam:ColorLabel=5", "-IPTC:Keywords=harbour"], to: folder.file("digikam.jpg"))
        let (logic, _) = try await open(folder)
        let lightroom = try XCTUnwrap(logic.photo(at: folder.path("lightroom.jpg")))
        XCTAssertEqual(lightroom.tags.label, .yellow)
        XCTAssertEqual(Set(lightroom.tags.keywords), [finistere, sunset], "parents in dc:subject are levels, not keywords")
        XCTAssertEqual(lightroom.tags.caption, "Pointe du Raz")
        XCTAssertEqual(logic.photo(at: folder.path("darktable.jpg"))?.tags.label, .green)
        XCTAssertEqual(logic.photo(at: folder.path("digikam.jpg"))?.tags.label, .blue)
        XCTAssertEqual(logic.photo(at: folder.path("digikam.jpg"))?.tags.keywords, [Keyword("harbour")!])

        logic.send(.labelFilter(.yellow, true))
        await logic.sendAndSettle(.labelFilter(.blue, true))
        XCTAssertEqual(logic.state.filter, PhotoFilter(labels: [.yellow, .blue]))
        XCTAssertEqual(Set(logic.state.shown.map(\.fileName)), ["lightroom.jpg", "digikam.jpg"])
        await logic.sendAndSettle(.clearFilters)
        await logic.sendAndSettle(.search("raz"))
        XCTAssertEqual(logic.state.filter, PhotoFilter(text: "raz"))
        XCTAssertEqual(logic.state.shown.map(\.fileName), ["lightroom.jpg"], "found by its caption")
    }
}

/// Writes tags into the files as Lightbox does, taking its time over the
/// first and holding the others until released (a batch long enough to
/// be cancelled).
private final class HeldTagWriter: RatingWriter, Sendable {
    private let real = FileRatingWriter()
    private let calls = Locked(0)
    private let released = Locked(false)

    func release() { released.withLock { $0 = true } }

    func write(_ stars: Int, for photo: String, storage: RatingStorage) throws(RatingFileError) -> RatingWriteResult {
        try real.write(stars, for: photo, storage: storage)
    }

    func write(_ edit: TagEdit, for photo: String, storage: RatingStorage) throws(RatingFileError) -> RatingWriteResult {
        let call = calls.withLock { count -> Int in
            count += 1
            return count
        }
        if call == 1 {
            usleep(600_000)
        } else {
            for _ in 0..<2000 where !released.withLock({ $0 }) { usleep(5000) }
        }
        return try real.write(edit, for: photo, storage: storage)
    }

    func writeOrientation(_ orientation: Int, for photo: String) throws(RatingFileError) {
        try real.writeOrientation(orientation, for: photo)
    }

    func writeSidecarOrientation(_ orientation: Int, for raw: String) throws(RatingFileError) {
        try real.writeSidecarOrientation(orientation, for: raw)
    }
}
