import Foundation
import LightboxCore

/// The `keywords` part: a keyword added to every photo of a folder at
/// once, as the main window's "Add Keyword…" does with a selection.
@MainActor
struct KeywordBench {
    let folder: String
    let index: String
    static let keyword = Keyword("Places|Brittany|Finistère")!

    func run() async -> [String: Any] {
        let root = URL(fileURLWithPath: folder).standardizedFileURL.path
        let library: PhotoLibrary
        do {
            // The app's services: an index on disk, the queue over the
            // file writer (sandboxed decoders make each edit, the app checks
            // the new file and swaps it in), writing into the photo files.
            let index = try LibraryIndex(url: URL(fileURLWithPath: self.index))
            library = PhotoLibrary(index: index, ratings: RatingQueue(index: index))
        } catch {
            fail("could not open the index: \(error)")
        }
        let events = QueueEvents()
        library.ratings.observe(owner: events) { events.add($0) }
        let logic = PhotoListLogic(library: library, trash: NoTrash())
        let loadStart = ContinuousClock.now
        await logic.load(path: root)
        let loadMs = milliseconds(since: loadStart)
        guard case .presenting(let list) = logic.state else { fail("the folder did not load: \(logic.state)") }
        let count = list.count
        guard logic.visiblePhotos.allSatisfy({ $0.metadata != nil && !$0.tags.keywords.contains(KeywordBench.keyword) })
        else { fail("the photos' metadata was not read, or they have the keyword already") }

        _ = logic.selectAll()
        let heartbeat = Heartbeat()
        heartbeat.start()
        try? await Task.sleep(for: .milliseconds(50))
        let start = ContinuousClock.now
        // As MainWindowController does with the keyword the person typed.
        let change = logic.addKeyword(KeywordBench.keyword, paths: logic.selectedPhotos.map(\.path))
        let callMs = milliseconds(since: start)
        await library.ratings.settled()
        let settledMs = milliseconds(since: start)
        // The main actor takes the queue's reports of the files written
        // (each photo's new size and time) after they were written.
        try? await Task.sleep(for: .milliseconds(250))
        let stall = await heartbeat.stop()

        let shown = logic.visiblePhotos.count { $0.tags.keywords.contains(KeywordBench.keyword) }
        guard change?.notice != nil, shown == count else { fail("\(shown) of \(count) photos show the keyword") }
        guard events.failed.isEmpty, events.written == count else {
            fail("\(events.written) of \(count) files written; failures: \(events.failed.prefix(3))")
        }
        return [
            "photos": count,
            "keyword": KeywordBench.keyword.path,
            "load_ms": rounded(loadMs),
            "call_ms": rounded(callMs),
            "settled_ms": rounded(settledMs),
            "written": events.written,
            "per_second": rounded(Double(events.written) / settledMs * 1000),
            "longest_main_actor_gap_ms": rounded(stall),
        ]
    }
}
