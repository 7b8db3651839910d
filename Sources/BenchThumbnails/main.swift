import Foundation
import LightboxCore

// lightbox-bench-thumbnails FILE...   (or a list of paths on standard input)
//
// For `make bench`: makes the 256 px thumbnails of the files with the
// app's own code path (one ThumbnailLoader over the shared ThumbnailCache
// in $XDG_CACHE_HOME, as AppServices makes it, all cores), every request
// at once as a grid full of visible cells would ask, then prints one JSON
// line: files, thumbnails made, failures, elapsed milliseconds.

var paths = Array(CommandLine.arguments.dropFirst())
if paths.isEmpty {
    while let line = readLine() { if !line.isEmpty { paths.append(line) } }
}
guard !paths.isEmpty else {
    FileHandle.standardError.write(Data("usage: lightbox-bench-thumbnails FILE...\n".utf8))
    exit(2)
}
// Stat first, as the scan does before the grid asks for thumbnails.
let sources = paths.compactMap { ThumbnailSource(path: $0) }
let loader = ThumbnailLoader(cache: ThumbnailCache(directories: XDGDirectories()), size: .large)

func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
}

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
print("{\"files\":\(sources.count),\"decoded\":\(stats.decoded),\"from_disk\":\(stats.fromDisk),"
    + "\"failures\":\(failures),\"elapsed_ms\":\(String(format: "%.3f", elapsed))}")
