import Foundation
import GtkKit
import LightboxCore

/// Milestones for `make bench`: when LIGHTBOX_BENCH_EVENTS=1, Lightbox
/// writes one JSON line per milestone to standard error, stamped with
/// CLOCK_MONOTONIC milliseconds (the same clock the benchmark reads), and
/// watches the main loop for stalls. Off by default: costs nothing then.
@MainActor
enum Milestones {
    static let isEnabled = ProcessInfo.processInfo.environment["LIGHTBOX_BENCH_EVENTS"] == "1"
    private static var reported: Set<String> = []
    private static var stallWatch: Task<Void, Never>?
    private static var longestStall = 0.0
    /// Bumped by `resetStalls`: the heartbeat measures afresh from then.
    private static var stallEpoch = 0

    static var now: Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
    }

    /// Reports `name` once per process (later calls are ignored).
    static func reach(_ name: String, _ fields: [String: Int] = [:]) {
        guard isEnabled, reported.insert(name).inserted else { return }
        emit(name, fields)
    }

    /// Reports `name` every time (e.g. per folder).
    static func report(_ name: String, _ fields: [String: Int] = [:]) {
        guard isEnabled else { return }
        emit(name, fields)
    }

    private static func emit(_ name: String, _ fields: [String: Int]) {
        var line = "{\"event\":\"\(name)\",\"t\":\(String(format: "%.3f", now))"
        for (key, value) in fields.sorted(by: { $0.key < $1.key }) { line += ",\"\(key)\":\(value)" }
        line += ",\"longest_stall_ms\":\(String(format: "%.3f", longestStall))}\n"
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// Measures how late a 5 ms heartbeat on the main actor runs: the
    /// longest delay is the longest the main loop was busy.
    static func watchStalls() {
        guard isEnabled, stallWatch == nil else { return }
        stallWatch = Task { @MainActor in
            let interval = 5.0
            var last = now
            var epoch = stallEpoch
            while !Task.isCancelled {
                try? await Task.sleep(nanoseconds: UInt64(interval * 1e6))
                let current = now
                // A beat that spans a reset belongs to what came before it.
                if epoch == stallEpoch { longestStall = max(longestStall, current - last - interval) }
                epoch = stallEpoch
                last = current
            }
        }
    }

    /// Starts the stall measurement afresh.
    static func resetStalls() {
        longestStall = 0
        stallEpoch += 1
    }
}

/// Benchmark-only behaviour of a main window: milestones for its load,
/// and (with LIGHTBOX_BENCH_SCROLL=1) scrolling the grid from end to end
/// once the folder is loaded and its first page shows its thumbnails,
/// reporting the peak memory and the longest stall while scrolling. The
/// scroll waits for both so that the stall measured while scanning and
/// thumbnailing never includes it, however fast either is.
@MainActor
final class BenchReporter {
    private var startReported = false
    private var firstPageReported = false
    private var scanReported = false
    private var loaded = false
    private var pageThumbnailsShown = false
    private var scrolled = false
    private let scrolls = ProcessInfo.processInfo.environment["LIGHTBOX_BENCH_SCROLL"] == "1"

    func observe(_ state: PhotoListLogic.State, view: MainWindowView) {
        guard Milestones.isEnabled else { return }
        switch state {
        case .loading(let list, let progress):
            if !startReported {
                // The open itself begins (start-up is measured apart).
                startReported = true
                Milestones.report("load-started")
            }
            if !firstPageReported, list.count > 0 {
                firstPageReported = true
                let shown = list.count
                view.grid.root.onNextPaint { Milestones.report("first-page", ["photos": shown]) }
            }
            if !scanReported, progress.scanFinished {
                scanReported = true
                Milestones.report("scan-complete", ["photos": progress.found])
            }
        case .presenting(let list):
            Milestones.report("load-finished", ["photos": list.total])
            loaded = true
            scrollIfReady(view.grid)
        default:
            break
        }
    }

    /// Every cell on screen shows its thumbnail (or why it has none).
    func visibleThumbnailsShown(cells: Int, view: MainWindowView) {
        guard Milestones.isEnabled else { return }
        Milestones.report("visible-thumbnails", ["cells": cells])
        if firstPageReported { pageThumbnailsShown = true }
        scrollIfReady(view.grid)
    }

    private func scrollIfReady(_ grid: PhotoGridView) {
        guard scrolls, !scrolled, loaded, pageThumbnailsShown else { return }
        scrolled = true
        // The stall up to here was the load's; the scroll's is its own.
        Milestones.report("scroll-started")
        Milestones.resetStalls()
        Task { await self.scroll(grid) }
    }

    private func scroll(_ grid: PhotoGridView) async {
        let scroller = grid.root
        var offset = 0.0
        while offset < scroller.verticalRange {
            offset += 300
            scroller.verticalOffset = offset
            try? await Task.sleep(nanoseconds: 16_000_000)
        }
        Milestones.report("scrolled-end", ["peak_rss_kib": BenchReporter.peakResidentKiB()])
    }

    /// VmHWM from /proc/self/status: the most memory this process held.
    static func peakResidentKiB() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }
        return 0
    }
}
