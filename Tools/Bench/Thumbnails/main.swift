import Foundation
import Imaging
import InProcessImaging
import LightboxCore

// lightbox-bench-thumbnails [--in-process] [--photo-window] FILE...
//                                        (or a list of paths on standard input)
//
// For `make bench`: makes the 256 px thumbnails of the files with the
// app's own code path (one ThumbnailLoader over the shared ThumbnailCache
// in $XDG_CACHE_HOME, as AppServices makes it, all cores), every request
// at once as a grid full of visible cells would ask, then prints one JSON
// line: files, thumbnails made, failures, elapsed milliseconds.
//
// --photo-window: decodes the files one after another as a photo window
// does (PhotoViewerLogic's size, laid out for display) and prints the
// median milliseconds a photo instead.
//
// --metadata: reads every file's metadata (and its header where the
// metadata states no size), as the folder scan does, on every core, and
// prints the files read a second.
//
// --sharpness: measures how sharp every file is, as a folder's survey
// does after it loads (PhotoLibrary.measure, into an index in
// memory), and prints the elapsed milliseconds.
//
// --sensor: reads each camera RAW's sensor data for its exposure, as a
// photo window does with its properties shown (DecoderPool.sensorExposure),
// one after another, and prints the median milliseconds a file.
//
// --in-process: decodes in this process, as Lightbox did before decoder
// processes, so the bench can show what the sandbox costs. The app itself
// has no such switch.

var arguments = Array(CommandLine.arguments.dropFirst())
let inProcess = arguments.contains("--in-process")
let photoWindow = arguments.contains("--photo-window")
let metadata = arguments.contains("--metadata")
let sharpness = arguments.contains("--sharpness")
let sensor = arguments.contains("--sensor")
arguments.removeAll { ["--in-process", "--photo-window", "--metadata", "--sharpness", "--sensor"].contains($0) }
var paths = arguments
if paths.isEmpty {
    while let line = readLine() { if !line.isEmpty { paths.append(line) } }
}
guard !paths.isEmpty else {
    FileHandle.standardError.write(Data(
        "usage: lightbox-bench-thumbnails [--in-process] [--photo-window | --metadata] FILE...\n".utf8))
    exit(2)
}
let decoders = inProcess ? DecoderPool.inProcessForBenchmarks() : DecoderPool.shared

func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
}

let mode = inProcess ? "in-process" : "decoders"
if photoWindow {
    // One photo at a time, as someone steps through them; the first decode
    // (which starts a decoder) is not counted.
    var times: [Double] = []
    var failures = 0
    for (index, path) in paths.enumerated() {
        let start = now()
        do {
            // As PhotoViewerLogic.load does.
            _ = try decoders.decodeForDisplay(path: path, maxSize: PhotoViewerLogic.maxDecodedSize)
        } catch {
            failures += 1
        }
        if index > 0 { times.append(now() - start) }
    }
    let median = times.isEmpty ? 0 : times.sorted()[times.count / 2]
    print("{\"mode\":\"\(mode)\",\"files\":\(paths.count),\"failures\":\(failures),"
        + "\"median_ms\":\(String(format: "%.3f", median))}")
    exit(0)
}

if sensor {
    var times: [Double] = []
    var failures = 0
    for path in paths {
        let start = now()
        do { _ = try decoders.sensorExposure(path: path, priority: .interactive) } catch { failures += 1 }
        times.append(now() - start)
    }
    let median = times.sorted()[times.count / 2]
    print("{\"mode\":\"\(mode)\",\"files\":\(paths.count),\"failures\":\(failures),"
        + "\"median_ms\":\(String(format: "%.3f", median))}")
    exit(0)
}

if sharpness {
    let photos = paths.compactMap { path -> Photo? in
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
        return Photo(path: path, fileSize: (attributes[.size] as? Int64) ?? 0,
                     modificationTime: Int((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0))
    }
    let library = PhotoLibrary(index: try LibraryIndex())
    let start = now()
    var measured = 0
    for await measures in library.measure(photos, decoders: decoders) { measured += measures.count }
    let elapsed = now() - start
    print("{\"mode\":\"\(mode)\",\"files\":\(photos.count),\"measured\":\(measured),"
        + "\"elapsed_ms\":\(String(format: "%.3f", elapsed))}")
    exit(0)
}

if metadata {
    let start = now()
    let files = paths
    let read = ResultSlots<Bool>(count: files.count)
    DispatchQueue.concurrentPerform(iterations: files.count) { index in
        // As PhotoLibrary.read: the header only when the metadata has no size.
        var found = decoders.metadata(path: files[index])
        if let known = found, known.pixelWidth <= 0 { found?.pixelWidth = decoders.probe(path: files[index])?.width ?? 0 }
        read.set(index, found != nil)
    }
    let elapsed = now() - start
    print("{\"mode\":\"\(mode)\",\"files\":\(paths.count),\"with_metadata\":\(read.values.count { $0 }),"
        + "\"per_second\":\(String(format: "%.1f", Double(paths.count) / elapsed * 1000))}")
    exit(0)
}

// Stat first, as the scan does before the grid asks for thumbnails.
let sources = paths.compactMap { ThumbnailSource(path: $0) }
let loader = ThumbnailLoader(cache: ThumbnailCache(directories: XDGDirectories(), decoders: decoders), size: .large)

let start = now()
let failures = await withTaskGroup(of: Bool.self, returning: Int.self) { group in
    for source in sources {
        group.addTask { (try? await loader.thumbnail(for: source, priority: .visible)) == nil }
    }
    var failed = 0
    for await didFail in group where didFail { failed += 1 }
    return failed
}
let elapsed = now() - start
let stats = loader.stats
print("{\"mode\":\"\(mode)\",\"files\":\(sources.count),\"decoded\":\(stats.decoded),\"from_disk\":\(stats.fromDisk),"
    + "\"failures\":\(failures),\"elapsed_ms\":\(String(format: "%.3f", elapsed))}")
