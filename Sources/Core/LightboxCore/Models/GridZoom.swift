/// How large the grid's thumbnails are: the zoom levels a file manager's
/// grid has (Ctrl+plus, Ctrl+minus), kept between runs.
public enum GridZoom: String, CaseIterable, Sendable {
    case small, medium, large, extraLarge

    /// The size Lightbox had before it had levels.
    public static let standard = GridZoom.large

    /// The edge of a cell's thumbnail, in logical pixels. At the smallest,
    /// a 1920×1080 screen shows about 80 photos; at the standard size 32.
    public var points: Int {
        switch self {
        case .small: 112
        case .medium: 144
        case .large: 180
        case .extraLarge: 240
        }
    }

    /// One level larger; the largest stays.
    public var larger: GridZoom { GridZoom.allCases.first { $0.points > points } ?? self }
    /// One level smaller; the smallest stays.
    public var smaller: GridZoom { GridZoom.allCases.last { $0.points < points } ?? self }
}
