/// Which photos a main window's first screen showed, frame by frame, for
/// the benchmark's "first-screen-final": when they last changed, how many
/// times they changed after the first ones appeared, and when the screen
/// showed all their thumbnails after that.
struct FirstScreenWatch {
    /// More places than any first screen has cells.
    static let longest = 400

    private var reported = false
    /// The photos of the first places, each time they changed.
    private var screens: [(time: Double, paths: [String])] = []
    /// Cells on screen when it first filled, and each time it filled.
    private var cells: Int?
    private var fills: [Double] = []

    init(reported: Bool = false) { self.reported = reported }

    mutating func shown(_ paths: [String], at time: Double) {
        guard !reported, paths != screens.last?.paths else { return }
        screens.append((time, paths))
    }

    mutating func filled(cells count: Int, at time: Double) {
        guard !reported else { return }
        cells = cells ?? count
        fills.append(time)
    }

    /// Once the screen has filled after its last change: that moment, and
    /// the changes counted on the first screen's cells.
    var final: (time: Double, changes: Int)? {
        guard !reported, let cells else { return nil }
        let firstScreens = screens.map { (time: $0.time, paths: Array($0.paths.prefix(cells))) }
        var changes = 0, lastChange = firstScreens.first { !$0.paths.isEmpty }?.time ?? 0
        for (before, after) in zip(firstScreens, firstScreens.dropFirst()) where !before.paths.isEmpty {
            // A photo left its place (new ones filling empty places do not count).
            if zip(before.paths, after.paths).contains(where: { $0 != $1 }) || after.paths.count < before.paths.count {
                changes += 1
            }
            if before.paths != after.paths { lastChange = after.time }
        }
        guard let filled = fills.first(where: { $0 >= lastChange }) else { return nil }
        return (filled, changes)
    }
}
