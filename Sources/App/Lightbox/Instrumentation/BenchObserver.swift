import Foundation
import GtkKit
import LightboxCore

/// Hears what a main window shows; the flow attaches one to each main
/// window when asked to (the benchmark's), none otherwise.
@MainActor
protocol MainWindowObserving: AnyObject {
    /// The window was presented (its first frame is on the way).
    func presented(_ window: Window)
    /// The window shows `state` (drawn in the grid's next frame).
    func shown(_ state: PhotoListLogic.State.Content, in grid: PhotoGridView)
    /// Every cell on screen shows its thumbnail (or why it has none).
    func screenFilled(cells: Int, in grid: PhotoGridView)
}

/// The benchmark's observer of a main window (attached by the flow when
/// LIGHTBOX_BENCH_EVENTS=1): milestones for its load, and (with
/// LIGHTBOX_BENCH_SCROLL=1) scrolling the grid from end to end once the
/// folder is loaded and its first page shows its thumbnails, reporting the
/// peak memory and the longest stall while scrolling. The scroll waits for
/// both so that the stall measured while scanning and thumbnailing never
/// includes it, however fast either is.
@MainActor
final class BenchObserver: MainWindowObserving {
    /// The scroll it makes (ends with the window).
    private let tasks = OwnedTasks()
    private var startReported = false
    private var firstPageReported = false
    private var scanReported = false
    private var loaded = false
    private var pageThumbnailsShown = false
    private var scrolled = false
    private let scrolls = ProcessInfo.processInfo.environment["LIGHTBOX_BENCH_SCROLL"] == "1"
    private var firstScreen = FirstScreenWatch()
    /// The list the grid draws next (the last shown before its frame), and
    /// whether it is the loaded folder's.
    private var toDraw: (paths: [String], loaded: Bool)?
    private var loadedDrawn = false

    func presented(_ window: Window) {
        window.onNextPaint {
            Milestones.reach("first-frame")
            Milestones.watchStalls()
        }
    }

    func shown(_ state: PhotoListLogic.State.Content, in grid: PhotoGridView) {
        switch state {
        case .loading(let list, _), .presenting(let list):
            // Drawn in the grid's next frame: only the last list shown
            // before it is seen.
            let paths = list.photos.prefix(FirstScreenWatch.longest).map(\.path)
            let waiting = toDraw != nil
            toDraw = (paths, { if case .presenting = state { true } else { false } }())
            if !waiting {
                grid.root.onNextPaint { [weak self] in
                    guard let self, let drawn = self.toDraw else { return }
                    self.toDraw = nil
                    self.firstScreen.shown(drawn.paths, at: Milestones.now)
                    if drawn.loaded { self.loadedDrawn = true }
                    self.reportFirstScreen()
                }
            }
        default:
            break
        }
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
                grid.root.onNextPaint { Milestones.report("first-page", ["photos": shown]) }
            }
            if !scanReported, progress.scanFinished {
                scanReported = true
                Milestones.report("scan-complete", ["photos": progress.found])
            }
        case .presenting(let list):
            Milestones.report("load-finished", ["photos": list.total])
            loaded = true
            scrollIfReady(grid)
        default:
            break
        }
    }

    func screenFilled(cells: Int, in grid: PhotoGridView) {
        Milestones.report("visible-thumbnails", ["cells": cells])
        firstScreen.filled(cells: cells, at: Milestones.now)
        reportFirstScreen()
        if firstPageReported { pageThumbnailsShown = true }
        scrollIfReady(grid)
    }

    /// "first-screen-final": when the first screen last changed and then
    /// showed every thumbnail, known once the folder has loaded (no photo
    /// can take a place on it after that), with how often it changed.
    private func reportFirstScreen() {
        guard loadedDrawn, !scrolled, let final = firstScreen.final else { return }
        Milestones.report("first-screen-final", ["changes": final.changes], at: final.time)
        firstScreen = FirstScreenWatch(reported: true)
    }

    private func scrollIfReady(_ grid: PhotoGridView) {
        guard scrolls, !scrolled, loaded, pageThumbnailsShown else { return }
        scrolled = true
        // The stall up to here was the load's; the scroll's is its own.
        Milestones.report("scroll-started")
        Milestones.resetStalls()
        tasks.start { [weak self] in
            await Task.yield()
            await self?.scroll(grid)
        }
    }

    private func scroll(_ grid: PhotoGridView) async {
        let scroller = grid.root
        var offset = 0.0
        while offset < scroller.verticalRange {
            offset += 300
            scroller.verticalOffset = offset
            try? await Task.sleep(nanoseconds: 16_000_000)
        }
        Milestones.report("scrolled-end", ["peak_rss_kib": BenchObserver.peakResidentKiB()])
    }

    /// VmHWM from /proc/self/status: the most memory this process held.
    static func peakResidentKiB() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {  // untranslated: a /proc field
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }
        return 0
    }
}
