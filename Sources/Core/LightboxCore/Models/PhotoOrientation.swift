/// EXIF's Orientation (1…8): how the stored pixels are to be mirrored and
/// turned for display. A rotation in Lightbox changes only this tag, never
/// the pixels (the way darktable, digiKam, gThumb and Shotwell read it).
enum PhotoOrientation {
    /// Each value as (mirrored first, then quarter turns clockwise).
    private static let layouts: [Int: (mirrored: Bool, turns: Int)] = [
        1: (false, 0), 6: (false, 1), 3: (false, 2), 8: (false, 3),
        2: (true, 0), 7: (true, 1), 4: (true, 2), 5: (true, 3),
    ]

    /// `orientation` turned a further quarter clockwise or counter-
    /// clockwise; 0 (unknown) counts as 1, as viewers show such a photo.
    static func turned(_ orientation: Int, clockwise: Bool) -> Int {
        let layout = layouts[orientation] ?? (false, 0)
        let turns = (layout.turns + (clockwise ? 1 : 3)) % 4
        return layouts.first { $0.value.mirrored == layout.mirrored && $0.value.turns == turns }!.key
    }
}
