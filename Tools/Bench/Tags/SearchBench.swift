import Foundation
import LightboxCore

/// The `search` part: typing in the search field of a 100,000-photo
/// folder whose keywords, labels, titles and captions are in the index.
@MainActor
struct SearchBench {
    let work: String
    let photos: Int
    let rounds: Int
    /// Typed a letter at a time: a keyword's leaf without its accent, then
    /// a word of the captions (« Marée basse à … »).
    static let query = "finistere maree"
    static let label = ColorLabel.red
    static let keyword = Keyword("Places|France|Brittany")!
    /// Between two keystrokes: a fast typist.
    static let typingGap = Duration.milliseconds(60)
    static let perFolder = 1000

    func run() async -> [String: Any] {
        let base = URL(fileURLWithPath: work).standardizedFileURL.path
        let root = base + "/photos"
        var made = ContinuousClock.now
        let (files, searchTexts) = makeFolder(root)
        let makeMs = milliseconds(since: made)
        made = ContinuousClock.now
        let index: LibraryIndex
        do {
            index = try LibraryIndex(url: URL(fileURLWithPath: base + "/library.sqlite"))
            try index.save(files)
        } catch {
            fail("could not write the index: \(error)")
        }
        let indexMs = milliseconds(since: made)

        let logic = PhotoListLogic(library: PhotoLibrary(index: index), trash: NoTrash())
        let loadStart = ContinuousClock.now
        logic.send(.openFolderAt(root))
        await logic.settled()
        let loadMs = milliseconds(since: loadStart)
        guard case .presenting(let list) = logic.state.content, list.count == photos else {
            fail("the folder did not load whole: \(logic.state.content)")
        }
        // The photos the list shows now.
        var shownCount: Int { logic.state.list?.count ?? 0 }
        // The index answered for every file: none was read.
        let unread = list.photos.count { $0.metadata == nil }
        guard unread == 0 else { fail("\(unread) photos were not found current in the index") }
        let tagged = list.photos.count { !$0.tags.isEmpty }
        guard tagged == files.count(where: { !$0.tags.isEmpty }) else { fail("the index lost tags") }

        let prefixes = (1...SearchBench.query.count).map { String(SearchBench.query.prefix($0)) }
        var keystrokes: [Double] = [], mainActor: [Double] = [], floor: [Double] = [], bytesFloor: [Double] = []
        var shown: [Int] = [], filterMs: [Double] = [], clearMs: [Double] = []
        let heartbeat = Heartbeat()
        heartbeat.start()
        for round in 0..<rounds {
            for prefix in prefixes {
                try? await Task.sleep(for: SearchBench.typingGap)
                _ = heartbeat.takeLongest()
                let start = ContinuousClock.now
                // The keystroke until the list it filters is shown.
                logic.send(.search(prefix))
                await logic.settled()
                keystrokes.append(milliseconds(since: start))
                let found = shownCount
                // The floors on a thread of their own, the main actor idle.
                let (floorMs, floorFound, bytesMs, bytesFound) = await Task.detached {
                    let (ms, found) = SearchBench.floor(prefix, over: searchTexts)
                    let (bytesMs, bytesFound) = SearchBench.bytesFloor(prefix, over: searchTexts)
                    return (ms, found, bytesMs, bytesFound)
                }.value
                floor.append(floorMs)
                bytesFloor.append(bytesMs)
                guard found == floorFound, found == bytesFound else {
                    fail("“\(prefix)” showed \(found) photos, the plain loops found \(floorFound) and \(bytesFound)")
                }
                // The main actor's longest turn during the keystroke (its
                // last turn is seen by the heartbeat after the call returns).
                try? await Task.sleep(for: .milliseconds(5))
                mainActor.append(heartbeat.takeLongest())
                if round == 0 { shown.append(found) }
            }
            // The search cleared at once (Escape): every photo again.
            try? await Task.sleep(for: SearchBench.typingGap)
            var start = ContinuousClock.now
            logic.send(.search(""))
            await logic.settled()
            clearMs.append(milliseconds(since: start))

            // A label and a keyword chosen in the filter menu.
            try? await Task.sleep(for: SearchBench.typingGap)
            start = ContinuousClock.now
            // Two choices, two intents: the second supersedes the first's
            // filtering (it set the whole filter in one call before).
            logic.send(.labelFilter(SearchBench.label, true))
            logic.send(.keywordFilter(SearchBench.keyword))
            await logic.settled()
            filterMs.append(milliseconds(since: start))
            let expected = files.count { file in
                file.tags.label == SearchBench.label && file.tags.keywords.contains {
                    $0 == SearchBench.keyword || $0.path.hasPrefix(SearchBench.keyword.path + "|")
                }
            }
            guard shownCount == expected else {
                fail("the label and keyword filter showed \(shownCount) photos, not \(expected)")
            }

            try? await Task.sleep(for: SearchBench.typingGap)
            start = ContinuousClock.now
            // "Show All Photos" (the search is empty already).
            logic.send(.clearFilters)
            await logic.settled()
            clearMs.append(milliseconds(since: start))
            guard shownCount == photos else { fail("clearing the filter did not show every photo") }
        }
        let stall = await heartbeat.stop()

        let worst = keystrokes.max() ?? 0
        return [
            "photos": photos,
            "tagged": tagged,
            "query": SearchBench.query,
            "prefixes": prefixes,
            "rounds": rounds,
            "shown": shown,
            "make_ms": rounded(makeMs),
            "index_ms": rounded(indexMs),
            "load_ms": rounded(loadMs),
            "keystroke_ms": keystrokes.map(rounded),
            "median_ms": rounded(median(keystrokes)),
            "worst_ms": rounded(worst),
            "worst_keystroke": prefixes[keystrokes.firstIndex(of: worst).map { $0 % prefixes.count } ?? 0],
            "floor_ms": floor.map(rounded),
            "floor_median_ms": rounded(median(floor)),
            "floor_worst_ms": rounded(floor.max() ?? 0),
            "ratio_median": rounded(median(keystrokes) / max(median(floor), 0.001)),
            "main_actor_ms": mainActor.map(rounded),
            "main_actor_worst_ms": rounded(mainActor.max() ?? 0),
            "bytes_floor_ms": bytesFloor.map(rounded),
            "bytes_floor_median_ms": rounded(median(bytesFloor)),
            "filter": "\(SearchBench.label.rawValue), \(SearchBench.keyword.path)",
            "filter_ms": filterMs.map(rounded),
            "clear_ms": clearMs.map(rounded),
            "longest_main_actor_gap_ms": rounded(stall),
        ]
    }

    /// The cheapest search over the same photos written as the app's is:
    /// every word looked for with `contains` (Foundation's, as in
    /// `Photo.matches`) in each photo's search text, prebuilt in lowercase
    /// ASCII, one thread, no sorting.
    nonisolated static func floor(_ typed: String, over texts: [String]) -> (ms: Double, found: Int) {
        let start = ContinuousClock.now
        let words = typed.split(separator: " ").map(String.init)
        var found = 0
        for text in texts where words.allSatisfy({ text.contains($0) }) { found += 1 }
        return (milliseconds(since: start), found)
    }

    /// Whether `needle` occurs in `haystack`: `memchr` for its first byte,
    /// `memcmp` for the rest (glibc's `memmem` is not in Swift's Glibc).
    nonisolated static func occurs(_ needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = needle.first, let base = haystack.baseAddress else { return needle.isEmpty }
        var offset = 0
        while haystack.count - offset >= needle.count {
            guard let hit = memchr(base + offset, Int32(first), haystack.count - offset - needle.count + 1) else {
                return false
            }
            let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if memcmp(base + at, needle.baseAddress!, needle.count) == 0 { return true }
            offset = at + 1
        }
        return false
    }

    /// The same loop with the bytes compared as bytes (`memchr`, `memcmp`):
    /// what `contains` itself costs on top of looking at them.
    nonisolated static func bytesFloor(_ typed: String, over texts: [String]) -> (ms: Double, found: Int) {
        let start = ContinuousClock.now
        let words = typed.split(separator: " ").map { Array($0.utf8) }
        var found = 0
        for text in texts {
            let matches = text.utf8.withContiguousStorageIfAvailable { haystack in
                words.allSatisfy { word in
                    word.withUnsafeBufferPointer { SearchBench.occurs($0, in: haystack) }
                }
            }
            guard let matches else { fail("a search text is not contiguous UTF-8") }
            if matches { found += 1 }
        }
        return (milliseconds(since: start), found)
    }

    /// The photos: files of four bytes (a JPEG's start and end markers;
    /// the scan only stats them) with rising modification times, as a
    /// camera writes them, and their index entries with metadata and tags;
    /// and each photo's search text for the floor.
    private func makeFolder(_ root: String) -> ([IndexedFile], [String]) {
        var random = SplitMix64(seed: 20_240_601)
        let cameras = [("Canon", "Canon EOS R6"), ("NIKON CORPORATION", "NIKON Z 6_2"), ("FUJIFILM", "X-T4"),
                       ("SONY", "ILCE-7M3")]
        let start = 1_717_200_000  // June 2024
        var files: [IndexedFile] = [], texts: [String] = []
        files.reserveCapacity(photos)
        texts.reserveCapacity(photos)
        let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xD9]
        for number in 0..<photos {
            let folder = root + "/" + String(format: "d%03d", number / SearchBench.perFolder)
            if number % SearchBench.perFolder == 0 {
                do {
                    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                } catch {
                    fail("could not make \(folder): \(error)")
                }
            }
            let name = String(format: "IMG_%06d.JPG", number + 1)
            let path = folder + "/" + name
            let time = start + number * 37
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { fail("could not make \(path): errno \(errno)") }
            let times = [timespec(tv_sec: time, tv_nsec: 0), timespec(tv_sec: time, tv_nsec: 0)]
            guard write(descriptor, bytes, bytes.count) == bytes.count, futimens(descriptor, times) == 0 else {
                fail("could not write \(path): errno \(errno)")
            }
            close(descriptor)
            let (make, model) = cameras[number / 2_500 % cameras.count]
            let metadata = PhotoMetadata(pixelWidth: 6000, pixelHeight: 4000,
                                         dateTaken: Date(timeIntervalSince1970: TimeInterval(time - 3)),
                                         cameraMake: make, cameraModel: model, exposureNumerator: 1,
                                         exposureDenominator: 250, fNumber: 5.6, focalLength: 35, iso: 200,
                                         orientation: 1)
            let tags = Vocabulary.tags(using: &random)
            files.append(IndexedFile(path: path, size: Int64(bytes.count), modificationTime: time,
                                     metadata: metadata, tags: tags))
            let text = Vocabulary.searchText(name: name, tags: tags)
            guard text.utf8.allSatisfy({ $0 < 0x80 }) else { fail("not ASCII once folded: \(text)") }
            texts.append(text)
        }
        return (files, texts)
    }
}
