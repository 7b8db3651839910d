import CImaging

/// Where the camera focused, as its maker notes tell it (read in the
/// decoder: CMetadata's focus.c). Areas are kept as the file stores the
/// frame; `oriented(_:)` turns them as the photo is shown.
public enum CameraFocus: Hashable, Sendable {
    /// Focused by hand: the camera chose no point.
    case manual
    /// The areas in focus, as fractions of the frame; `frame` is the
    /// shape the maker note measured them in (nil when it gives none), to
    /// tell a note that does not describe the picture shown.
    case areas([FocusArea], frame: FrameShape?)
    /// Only a named point ("Mid-right"), which lies in this part of the frame.
    case named(FrameRegion)

    /// The same focus with the EXIF orientation (1…8) applied: as it lies
    /// on the photo shown upright. 0 or 1 leaves it as it is.
    public func oriented(_ orientation: Int) -> CameraFocus {
        switch self {
        case .manual: .manual
        case .areas(let areas, let frame):
            .areas(areas.map { $0.oriented(orientation) },
                   frame: frame.map { (5...8).contains(orientation) ? FrameShape(width: $0.height, height: $0.width) : $0 })
        case .named(let region): .named(region.oriented(orientation))
        }
    }

    /// Whether focus areas measured in `frame` can be drawn on a picture
    /// `width` × `height`: one is landscape and the other portrait when a
    /// maker note describes the sensor and the file stores its pixels
    /// turned (Sony's HEIF), and the areas would land elsewhere. Square
    /// frames, and notes that give no frame, fit any picture.
    public func fits(width: Int, height: Int) -> Bool {
        guard case .areas(_, let frame?) = self, frame.width != frame.height, width != height else { return true }
        return (frame.width > frame.height) == (width > height)
    }
}

/// A rectangle the camera focused on: its centre and size as fractions of
/// the photo's width and height; a size of 0 is a point.
public struct FocusArea: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Whether the camera gave only a point, no size.
    public var isPoint: Bool { width == 0 || height == 0 }

    /// Where the area lies once the EXIF orientation is applied.
    public func oriented(_ orientation: Int) -> FocusArea {
        let (x, y) = Self.orient(x: self.x, y: self.y, orientation)
        let turned = (5...8).contains(orientation)
        return FocusArea(x: x, y: y, width: turned ? height : width, height: turned ? width : height)
    }

    /// A point of the stored frame (fractions) where it lands on the frame
    /// shown: 2 mirrors, 3 turns half, 4 flips, 5 transposes, 6 turns a
    /// quarter clockwise, 7 transverses, 8 turns a quarter counter-clockwise.
    static func orient(x: Double, y: Double, _ orientation: Int) -> (Double, Double) {
        switch orientation {
        case 2: (1 - x, y)
        case 3: (1 - x, 1 - y)
        case 4: (x, 1 - y)
        case 5: (y, x)
        case 6: (1 - y, x)
        case 7: (1 - y, 1 - x)
        case 8: (y, 1 - x)
        default: (x, y)
        }
    }
}

/// The shape of the frame a maker note measures in.
public struct FrameShape: Hashable, Sendable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

/// A third of the frame each way, as a person says where something is:
/// "upper left" … "lower right".
public enum FrameRegion: Int, Hashable, Sendable, CaseIterable {
    case upperLeft = 1, top, upperRight, left, centre, right, lowerLeft, bottom, lowerRight

    /// The region a point (fractions of the frame) lies in.
    public init(x: Double, y: Double) {
        let column = min(2, max(0, Int(x * 3))), row = min(2, max(0, Int(y * 3)))
        self = FrameRegion(rawValue: row * 3 + column + 1) ?? .centre
    }

    /// The region once the EXIF orientation is applied.
    public func oriented(_ orientation: Int) -> FrameRegion {
        let index = rawValue - 1
        let (x, y) = FocusArea.orient(x: (Double(index % 3) + 0.5) / 3, y: (Double(index / 3) + 0.5) / 3, orientation)
        return FrameRegion(x: x, y: y)
    }
}

extension CameraFocus {
    /// What the decoder read; nil where the maker notes say nothing.
    init?(_ raw: LbMetadata) {
        switch Int(raw.focus) {
        case Int(LB_FOCUS_MANUAL): self = .manual
        case Int(LB_FOCUS_NAMED):
            guard let region = FrameRegion(rawValue: Int(raw.focus_region)) else { return nil }
            self = .named(region)
        case Int(LB_FOCUS_AREAS):
            let count = min(Int(raw.focus_count), Int(LB_MAX_FOCUS_AREAS))
            let areas = withUnsafeBytes(of: raw.focus_areas) { bytes in
                bytes.bindMemory(to: LbFocusArea.self).prefix(count).map {
                    FocusArea(x: Double($0.x), y: Double($0.y), width: Double($0.width), height: Double($0.height))
                }
            }
            guard !areas.isEmpty else { return nil }
            let frame = raw.focus_frame_width > 0 && raw.focus_frame_height > 0
                ? FrameShape(width: Int(raw.focus_frame_width), height: Int(raw.focus_frame_height)) : nil
            self = .areas(areas, frame: frame)
        default: return nil
        }
    }
}
