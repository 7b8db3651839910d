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

    /// Reports `name` as reached at `time` (a moment known only later).
    static func report(_ name: String, _ fields: [String: Int] = [:], at time: Double) {
        guard isEnabled else { return }
        emit(name, fields, at: time)
    }

    private static func emit(_ name: String, _ fields: [String: Int], at time: Double = now) {
        var line = "{\"event\":\"\(name)\",\"t\":\(String(format: "%.3f", time))"
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
