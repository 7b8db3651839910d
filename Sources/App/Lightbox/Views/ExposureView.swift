import Foundation
import GtkKit
import Imaging
import Localization

/// The properties panel's exposure: a histogram of the luminance and of
/// each channel, how much of the picture is clipped at white (each channel
/// said), how much lies deep in the shadows, and what it was read from. A
/// screen reader reads each line as "Highlights clipped: 2.1 % of the
/// photo…". Rendered from the photo window's state (`Exposure`), shown
/// only once it was read.
@MainActor
final class ExposureView {
    let root = Box(.vertical, spacing: 8)
    private let histogram = Picture()
    private let lines = Box(.vertical, spacing: 8)
    private var shown: Exposure?
    private var lineWidgets: [Widget] = []

    init() {
        // Translators: the heading of the histogram and clipping part of the properties panel.
        let heading = Label(tr("Highlights and Shadows"))
        heading.addCssClass("heading")
        heading.xalign = 0
        // Translators: the name of the histogram picture in the properties panel, read by screen readers.
        histogram.setAccessibleLabel(tr("Histogram"))
        histogram.setSizeRequest(width: 256, height: 80)
        root.append(heading)
        root.append(histogram)
        root.append(lines)
        root.isVisible = false
    }

    func render(_ exposure: Exposure?) {
        guard exposure != shown else { return }
        shown = exposure
        root.isVisible = exposure != nil
        guard let exposure else { return }
        histogram.setTexture(Texture(Self.histogramPixels(exposure)))
        while let line = lineWidgets.popLast() { lines.remove(line) }
        for (name, value) in Self.lines(of: exposure) {
            let line = PropertiesPanelView.row(name, value, selectable: false)
            lines.append(line)
            lineWidgets.append(line)
        }
    }

    /// The histogram over a photo window's photo (H): the same picture as
    /// the properties', on a dark translucent ground, named for screen
    /// readers with what it shows.
    static func overlay() -> Picture {
        let picture = Picture()
        picture.addCssClass("histogram-overlay")
        picture.setSizeRequest(width: 256, height: 80)
        picture.canShrink = false
        picture.isVisible = false
        return picture
    }

    /// Shows `exposure` in a histogram over the photo, or hides it (nil).
    static func render(_ exposure: Exposure?, in overlay: Picture) {
        overlay.isVisible = exposure != nil
        guard let exposure else { return }
        overlay.setTexture(Texture(histogramPixels(exposure)))
        // Translators: the name of the histogram over a photo, read by screen readers; {clipped} is a percentage.
        overlay.setAccessibleLabel(tr("Histogram: {clipped} clipped", ["clipped": percent(exposure.anyClipped)]))
    }

    /// "2.1 %": a share of the picture, 0…1.
    static func percent(_ share: Double) -> String {
        // Translators: a share of a photo's pixels; {value} is a number such as 2.1.
        tr("{value} %", ["value": LocaleFormat.decimal(share * 100, digits: share > 0 && share < 0.001 ? 2 : 1)])
    }

    static func lines(of exposure: Exposure) -> [(String, String)] {
        let source = switch exposure.source {
        // Translators: where the exposure figures come from (the properties panel's "Read From").
        case .picture: tr("The picture as decoded")
        case .cameraPreview: tr("The camera’s embedded preview (the sensor may hold more)")
        case .sensorData: tr("The sensor data")
        }
        return [
            // Translators: a line of the properties panel: how much of the photo is white; {share}, {red}, {green},
            // {blue} are percentages such as "2.1 %".
            (tr("Highlights Clipped"), tr("{share} of the photo (red {red}, green {green}, blue {blue})",
                                          ["share": percent(exposure.anyClipped), "red": percent(exposure.redClipped),
                                           "green": percent(exposure.greenClipped),
                                           "blue": percent(exposure.blueClipped)])),
            // Translators: a line of the properties panel: how much of the photo is very dark; {share} is a percentage
            // such as "4.0 %", {count} the stops below white.
            (tr("Deep Shadows"), trn("{share} more than {count} stop below white",
                                     "{share} more than {count} stops below white", count: Exposure.shadowStops,
                                     ["share": percent(exposure.darkShare)])),
            (tr("Read From"), source),
        ]
    }

    /// What "Show Clipping" says as it marks the photo.
    static func clippingSaid(_ exposure: Exposure) -> String {
        // Translators: said by a screen reader when J shows the clipping; {share} and {dark} are percentages.
        tr("Clipping shown: {share} clipped in the highlights, {dark} in deep shadows",
           ["share": percent(exposure.anyClipped), "dark": percent(exposure.darkShare)])
    }

    /// The histogram drawn: the luminance as a grey area, each channel as
    /// a line of its colour, scaled to the highest count between black and
    /// white (those at either end, often a clipped sky or a black border,
    /// would flatten the rest; they reach the top).
    static func histogramPixels(_ exposure: Exposure, height: Int = 80) -> PixelData {
        let width = 256
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        let inner = [exposure.luminance, exposure.red, exposure.green, exposure.blue].map { $0[1..<255].max() ?? 0 }
        let top = Double(max(1, inner.max() ?? 1))
        func rows(_ count: Int) -> Int { min(height, Int((Double(count) / top * Double(height - 1)).rounded(.up))) }
        func paint(_ x: Int, _ y: Int, _ colour: (UInt8, UInt8, UInt8, UInt8)) {
            let at = ((height - 1 - y) * width + x) * 4
            rgba[at] = max(rgba[at], colour.0)
            rgba[at + 1] = max(rgba[at + 1], colour.1)
            rgba[at + 2] = max(rgba[at + 2], colour.2)
            rgba[at + 3] = max(rgba[at + 3], colour.3)
        }
        for x in 0..<width {
            for y in 0..<rows(exposure.luminance[x]) { paint(x, y, (150, 150, 150, 140)) }
            for (counts, colour) in [(exposure.red, (230, 40, 40)), (exposure.green, (40, 200, 40)),
                                     (exposure.blue, (60, 90, 240))] as [([Int], (UInt8, UInt8, UInt8))] {
                let y = rows(counts[x]) - 1
                if y >= 0 { paint(x, y, (colour.0, colour.1, colour.2, 255)) }
            }
        }
        return PixelData(width: width, height: height, stride: width * 4, bytes: Data(rgba))
    }
}
