import Imaging
import Localization

/// What a photo window shows and says of where the camera focused: the
/// camera's own record (its maker notes), turned as the photo is shown.
/// It tells; it never judges the photo.
public enum FocusShown: Equatable, Sendable {
    /// The areas in focus, to draw: fractions of the picture shown.
    case areas([FocusArea])
    /// The camera only named its point; it is said, not drawn.
    case named(FrameRegion)
    /// Focused by hand.
    case manual
    /// The file says nothing of focus.
    case notRecorded
    /// The maker note measures a frame the picture is not (pixels stored
    /// turned while the note stays in sensor terms): drawn, the areas
    /// would be in the wrong place.
    case mismatched

    /// The focus of `photo` shown as `width` × `height` pixels.
    public init(_ photo: Photo, width: Int, height: Int) {
        guard let focus = photo.metadata?.focusShown else {
            self = .notRecorded
            return
        }
        switch focus {
        case .manual: self = .manual
        case .named(let region): self = .named(region)
        case .areas(let areas, _):
            self = focus.fits(width: width, height: height) ? .areas(areas) : .mismatched
        }
    }

    /// Where Zoom to Focus Point centres the photo (fractions of it): the
    /// middle of the areas in focus; the middle of the named third; else
    /// the middle of the photo.
    public var centre: (x: Double, y: Double) {
        switch self {
        case .areas(let areas) where !areas.isEmpty:
            let left = areas.map { $0.x - $0.width / 2 }.min() ?? 0.5
            let right = areas.map { $0.x + $0.width / 2 }.max() ?? 0.5
            let top = areas.map { $0.y - $0.height / 2 }.min() ?? 0.5
            let bottom = areas.map { $0.y + $0.height / 2 }.max() ?? 0.5
            return ((left + right) / 2, (top + bottom) / 2)
        case .named(let region):
            let index = region.rawValue - 1
            return ((Double(index % 3) + 0.5) / 3, (Double(index / 3) + 0.5) / 3)
        default: return (0.5, 0.5)
        }
    }

    /// The properties' "Focus Point" value: "Upper left", "Centre (5
    /// points)", "Focused by hand"…
    public var described: String {
        switch self {
        case .areas(let areas):
            let centre = self.centre
            let region = FrameRegion(x: centre.x, y: centre.y).name
            guard areas.count > 1 else { return region }
            // Translators: where a camera's focus points are, and how many ("Centre (5 points)").
            return trn("{region} ({count} point)", "{region} ({count} points)", count: areas.count, ["region": region])
        // Translators: a focus point the camera named without giving its place ("Right, named by the camera").
        case .named(let region): return tr("{region}, named by the camera", ["region": region.name])
        // Translators: the "Focus Point" detail of a photo focused by hand.
        case .manual: return tr("Focused by hand")
        // Translators: the "Focus Point" detail of a photo whose file says nothing of where the camera focused.
        case .notRecorded: return tr("Not recorded")
        // Translators: the "Focus Point" detail when the camera's record does not fit the picture (stored turned).
        case .mismatched: return tr("Not shown: the camera’s record does not match this picture")
        }
    }

    /// What a screen reader hears when the focus point is shown (F).
    public var spoken: String {
        // Translators: said by a screen reader when F shows the focus point: "Focus point: Upper left".
        tr("Focus point: {where}", ["where": described])
    }
}

extension FrameRegion {
    /// "Upper left" … "Lower right", as a detail's value.
    public var name: String {
        switch self {
        // Translators: where a camera's focus point is, a third of the photo each way.
        case .upperLeft: tr("Upper left")
        // Translators: where a camera's focus point is, a third of the photo each way.
        case .top: tr("Top")
        // Translators: where a camera's focus point is, a third of the photo each way.
        case .upperRight: tr("Upper right")
        // Translators: where a camera's focus point is, a third of the photo each way.
        case .left: tr("Left")
        // Translators: where a camera's focus point is, a third of the photo each way.
        case .centre: tr("Centre")
        // Translators: where a camera's focus point is, a third of the photo each way.
        case .right: tr("Right")
        // Translators: where a camera's focus point is, a third of the photo each way.
        case .lowerLeft: tr("Lower left")
        // Translators: where a camera's focus point is, a third of the photo each way.
        case .bottom: tr("Bottom")
        // Translators: where a camera's focus point is, a third of the photo each way.
        case .lowerRight: tr("Lower right")
        }
    }
}
