import Foundation
import LightboxCore

/// Seconds since 1970 by the wall clock: the churn process stamps its
/// journal by the same clock, so the two can be put in one order.
func wallClock() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// A value behind a lock, for the few counters threads share here.
final class Guarded<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func with<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

/// One thing Lightbox did to a file, as the reconciliation reads it: what,
/// to which file, the value written, and the wall-clock interval within
/// which it took effect.
struct JournalEntry: Encodable, Sendable {
    /// "rate", "rotate", "copy", "move".
    var op: String
    var path: String
    /// copy, move: where the photo went.
    var to: String?
    /// rate: the stars; rotate: the EXIF orientation.
    var value: Int?
    var t0: Double
    var t1: Double
    /// "ok", or why not: "conflict" (moved or replaced while written),
    /// "gone", "transient", "failed".
    var outcome: String
    var reason: String?
}

/// Lightbox's side of the soak's journal: one JSON object a line, flushed
/// as written, so a soak that dies still leaves what it did.
final class Journal: Sendable {
    private let handle: Guarded<FileHandle>
    private let counts = Guarded<[String: Int]>([:])

    init(path: String) throws {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        handle = Guarded(try FileHandle(forWritingTo: URL(fileURLWithPath: path)))
    }

    func record(_ entry: JournalEntry) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard var line = try? encoder.encode(entry) else { return }
        line.append(UInt8(ascii: "\n"))
        handle.with { $0.write(line) }
        counts.with { $0["\(entry.op) \(entry.outcome)", default: 0] += 1 }
    }

    /// How many of each operation ended each way ("rate ok": 812, …).
    var tally: [String: Int] { counts.with { $0 } }

    func close() { handle.with { try? $0.close() } }
}

/// The app's own rating writer (FileRatingWriter, the real one: decoders,
/// image-data check, swap) with each write it makes journaled: when it
/// started and ended, and how it ended. Nothing else changes: the rating
/// queue calls it as it calls the app's.
struct JournalingWriter: RatingWriter {
    let journal: Journal
    private let real = FileRatingWriter()

    func write(_ stars: Int, for photo: String, storage: RatingStorage) throws(RatingFileError) -> RatingWriteResult {
        let start = wallClock()
        do {
            let result = try real.write(stars, for: photo, storage: storage)
            journal.record(JournalEntry(op: "rate", path: photo, value: stars, t0: start, t1: wallClock(),
                                        outcome: result.photoRewritten ? "ok" : "sidecar",
                                        reason: result.written.joined(separator: " ")))
            return result
        } catch {
            journal.record(JournalEntry(op: "rate", path: photo, value: stars, t0: start, t1: wallClock(),
                                        outcome: JournalingWriter.outcome(error), reason: error.reason))
            throw error
        }
    }

    /// Tag changes are not part of the soak's journal: passed through.
    func write(_ edit: TagEdit, for photo: String, storage: RatingStorage) throws(RatingFileError) -> RatingWriteResult {
        try real.write(edit, for: photo, storage: storage)
    }

    /// Not part of the soak's journal: passed through.
    func writeSidecarOrientation(_ orientation: Int, for raw: String) throws(RatingFileError) {
        try real.writeSidecarOrientation(orientation, for: raw)
    }

    func writeOrientation(_ orientation: Int, for photo: String) throws(RatingFileError) {
        let start = wallClock()
        do {
            try real.writeOrientation(orientation, for: photo)
            journal.record(JournalEntry(op: "rotate", path: photo, value: orientation, t0: start, t1: wallClock(),
                                        outcome: "ok"))
        } catch {
            journal.record(JournalEntry(op: "rotate", path: photo, value: orientation, t0: start, t1: wallClock(),
                                        outcome: JournalingWriter.outcome(error), reason: error.reason))
            throw error
        }
    }

    static func outcome(_ error: RatingFileError) -> String {
        error.isConflict ? "conflict" : error.isGone ? "gone" : error.isTransient ? "transient" : "failed"
    }
}
