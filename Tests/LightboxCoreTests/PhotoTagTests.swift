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
    private func open(_ folder: Folder, index: LibraryIndex? = nil, storage: RatingStorage = .photoFiles)
        async throws -> (PhotoListLogic, RatingQueue) {
        let index = try index ?? LibraryIndex()
        let queue = RatingQueue(index: index, storage: storage)
        let logic = PhotoListLogic(library: PhotoLibrary(index: index, ratings: queue),
                                   trash: FolderTrash(folder: folder.scratch.path("trash")))
        _ = await logic.sort(by: PhotoOrder(.name))
        await logic.load(path: folder.url.path)
        return (logic, queue)
    }

    @MainActor
    func testLabelKeysGoIntoTheFilesAndToggle() async throws {
        let folder = Folder()
        for name in ["a", "b", "c"] { try PhotoFixtures.jpeg(at: folder.url.appendingPathComponent("\(name).jpg")) }
        let (logic, queue) = try await open(folder)
        logic.select(paths: [folder.path("a.jpg"), folder.path("b.jpg")])
        logic.toggleLabel(.red)
        XCTAssertEqual(logic.photo(at: folder.path("a.jpg"))?.tags.label, .red, "shown at once")
        await queue.settled()
        XCTAssertEqual(try ExifTool.value("XMP-xmp:Label", of: folder.file("a.jpg")), "Red")
        XCTAssertEqual(try ExifTool.value("XMP-xmp:Label", of: folder.file("b.jpg")), "Red")
        XCTAssertNil(try ExifTool.value("XMP-xmp:Label", of: folder.file("c.jpg")))

        logic.toggleLabel(.red, path: folder.path("a.jpg"))
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
        let change = logic.addKeyword(finistere, paths: paths)
        XCTAssertEqual(change?.notice?.text, "Added “Finistère” to 2 photos.", "c had it already")
        await queue.settled()
        for name in ["a.jpg", "b.jpg"] {
            XCTAssertEqual(try ExifTool.value("XMP-lr:HierarchicalSubject", of: folder.file(name)), "Places|Brittany|Finistère")
            XCTAssertEqual(try ExifTool.value("XMP-dc:Subject", of: folder.file(name)), "Finistère", "the leaf")
        }
        XCTAssertEqual(logic.knownKeywords.first, finistere, "offered first when typing the next one")

        _ = await logic.filter(PhotoFilter(text: "finistere"))
        XCTAssertEqual(logic.visiblePhotos.count, 3, "found by its keyword, without the accent")

        logic.undo(try XCTUnwrap(change))
        await queue.settled()
        XCTAssertNil(try ExifTool.value("XMP-dc:Subject", of: folder.file("a.jpg")), "taken back")
        XCTAssertEqual(try ExifTool.value("XMP-dc:Subject", of: folder.file("c.jpg")), "Finistère",
                       "the photo that had it before keeps it")
        XCTAssertEqual(logic.visiblePhotos.count, 1)
    }

    /// Cancel stops a batch's writes; its Undo then leaves the files not
    /// yet written as they were, byte for byte (a change taken back before
    /// it reached a file is nothing to write).
    @MainActor
    func testAStoppedBatchTakenBackLeavesUnwrittenFilesUntouched() async throws {
        let folder = Folder()
        for name in ["a", "b", "c"] { try PhotoFixtures.jpeg(at: folder.url.appendingPathComponent("\(name).jpg")) }
        let before = try ["a", "b", "c"].map { try Data(contentsOf: folder.file("\($0).jpg")) }
        let (logic, queue) = try await open(folder)
        let change = try XCTUnwrap(logic.addKeyword(sunset, paths: ["a.jpg", "b.jpg", "c.jpg"].map(folder.path)))
        change.writes.stop()
        for await _ in change.writes.progress {}
        logic.undo(change)
        await queue.settled()
        XCTAssertEqual(try ["a", "b", "c"].map { try Data(contentsOf: folder.file("\($0).jpg")) }, before)
        XCTAssertEqual(logic.photo(at: folder.path("a.jpg"))?.tags.keywords, [])
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
        logic.toggleLabel(.green, path: folder.path("DSC_0001.JPG"))
        logic.setCaption("Low tide", path: folder.path("DSC_0001.JPG"))
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
        logic.onChange = { state in
            // As soon as the photos show, before their metadata is read.
            guard !decided, case .loading(let list, _) = state, list.photos.count == 2,
                  list.photos.allSatisfy({ $0.metadata == nil }) else { return }
            decided = true
            logic.toggleLabel(.green, path: a)
            logic.rate(path: a, stars: 3)
        }
        await logic.load(path: folder.url.path)
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
        logic.addKeyword(sunset, paths: [folder.path("a.jpg")])
        logic.addKeyword(finistere, paths: [folder.path("a.jpg")])
        logic.toggleLabel(.blue, path: folder.path("a.jpg"))
        logic.setTitle("Harbour", path: folder.path("a.jpg"))
        await queue.settled()
        XCTAssertEqual(try queue.index.pendingTagWrites(), [])
        let read = try XCTUnwrap(Imaging.metadata(path: folder.path("a.jpg")))
        XCTAssertEqual(Set(read.keywords), ["sunset", finistere.path])
        let (again, _) = try await open(folder)
        XCTAssertEqual(Set(again.photo(at: folder.path("a.jpg"))?.tags.keywords ?? []), [sunset, finistere])
        XCTAssertEqual(again.photo(at: folder.path("a.jpg"))?.tags.label, .blue)
        let reloaded = await again.library.reload(path: folder.path("a.jpg"))
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
            logic.setTitle("Harbour at dusk", path: folder.path("a.jpg"))
            logic.addKeyword(sunset, paths: [folder.path("a.jpg")])
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

        _ = await logic.filter(PhotoFilter(labels: [.yellow, .blue]))
        XCTAssertEqual(Set(logic.visiblePhotos.map(\.fileName)), ["lightroom.jpg", "digikam.jpg"])
        _ = await logic.filter(PhotoFilter(text: "raz"))
        XCTAssertEqual(logic.visiblePhotos.map(\.fileName), ["lightroom.jpg"], "found by its caption")
    }
}
