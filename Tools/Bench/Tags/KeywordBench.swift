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
        logic.send(.openFolderAt(root))
        await logic.settled()
        let loadMs = milliseconds(since: loadStart)
        guard case .presenting(let list) = logic.state.content else { fail("the folder did not load: \(logic.state.content)") }
        let count = list.count
        guard list.photos.allSatisfy({ $0.metadata != nil && !$0.tags.keywords.contains(KeywordBench.keyword) })
        else { fail("the photos' metadata was not read, or they have the keyword already") }

        logic.send(.selectAll)
        // Ctrl+K: the window asks for the keyword.
        logic.send(.addKeyword)
        guard case .keyword(count, _) = logic.state.question?.value else {
            fail("no keyword was asked for \(count) photos: \(String(describing: logic.state.question))")
        }
        let noticeBefore = logic.state.notice?.id
        let heartbeat = Heartbeat()
        heartbeat.start()
        try? await Task.sleep(for: .milliseconds(50))
        let start = ContinuousClock.now
        // The keyword the person typed, answered as the window's dialog
        // does. The call timed is that answer (it was `addKeyword(_:paths:)`
        // before, which the answer makes): the same work on the main actor,
        // with the question cleared and the keyword job's task started.
        logic.send(.answer(.keyword(KeywordBench.keyword.path)))
        let callMs = milliseconds(since: start)
        await library.ratings.settled()
        let settledMs = milliseconds(since: start)
        // The main actor takes the queue's reports of the files written
        // (each photo's new size and time) after they were written.
        try? await Task.sleep(for: .milliseconds(250))
        // The job's notice (what was done, with Undo) once the writes are over.
        await logic.settled()
        let stall = await heartbeat.stop()

        let photos = logic.state.list?.photos ?? []
        let shown = photos.count { $0.tags.keywords.contains(KeywordBench.keyword) }
        let told = logic.state.notice.map { $0.id != noticeBefore && $0.value.button == .undo } ?? false
        guard told, shown == count else { fail("\(shown) of \(count) photos show the keyword; notice: \(told)") }
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
