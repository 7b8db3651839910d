import Foundation
import GtkKit

/// A point of the photo to keep under the pointer (or the fingers) while
/// the zoom changes: where it is in the photo, as fractions of its width
/// and height, and where on screen it must stay.
struct ZoomAnchor {
    var fraction: (x: Double, y: Double)
    var onScreen: (x: Double, y: Double)
}

/// Zooming the photo window: keys and buttons (around the middle), Ctrl
/// with the wheel and a pinch (around the pointer or the fingers), a drag
/// to pan a photo larger than the window, a double click between fitted
/// and 100%. All view state: nothing is asked of the logic but the photo
/// in full once the zoom passes the pixels decoded to fit the screen.
extension PhotoWindowView {
    func installGestures() {
        let scrolling = ScrollHandler()
        scrolling.onScroll { [weak self] dy, modifiers in
            guard let self, modifiers.contains(.control), dy != 0 else { return false }
            self.zoom(by: pow(1.25, -dy), around: self.pointer)
            return true
        }
        let pointing = PointerHandler()
        pointing.onMove { [weak self] x, y in self?.pointer = (x, y) }
        let pinching = PinchHandler()
        pinching.onBegin { [weak self] in
            guard let self, let imageSize = self.imageSize else { return }
            self.pinchStartZoom = self.zoom ?? self.fittedScale(for: imageSize)
        }
        pinching.onScale { [weak self] scale, x, y in
            guard let self, let start = self.pinchStartZoom else { return }
            self.setZoom(self.clamped(start * scale), around: (x, y))
        }
        let dragging = DragHandler()
        dragging.onBegin { [weak self] in
            guard let self else { return }
            self.dragStart = (self.scroller.horizontalOffset, self.scroller.verticalOffset)
        }
        dragging.onUpdate { [weak self] dx, dy in
            guard let self, let start = self.dragStart, self.zoom != nil else { return }
            self.scroller.horizontalOffset = start.x - dx
            self.scroller.verticalOffset = start.y - dy
        }
        let clicking = ClickHandler()
        clicking.onPress { [weak self] count, x, y in
            guard let self, count == 2 else { return }
            if self.zoom == nil { self.setZoom(1, actualSize: true, around: (x, y)) } else { self.setZoom(nil) }
        }
        [scrolling, pointing, pinching, dragging, clicking].forEach(scroller.addHandler)
    }

    /// Zooms by `factor` from the scale shown, around a point on screen
    /// (the middle of the window when nil).
    func zoom(by factor: Double, around point: (x: Double, y: Double)? = nil) {
        guard let imageSize else { return }
        setZoom(clamped((zoom ?? fittedScale(for: imageSize)) * factor), around: point)
    }

    private func clamped(_ scale: Double) -> Double { min(8, max(0.05, scale)) }

    /// The scale at which the photo fits the window (never above 100%).
    func fittedScale(for size: (width: Int, height: Int)) -> Double {
        let visible = scroller.visibleSize
        let available: (width: Double, height: Double) = visible.width > 0
            ? visible : (Double(window.defaultSize.width), Double(window.defaultSize.height))
        return min(1, min(available.width / Double(size.width), available.height / Double(size.height)))
    }

    /// - Parameter actualSize: 100% of the photo itself: kept once the
    ///   photo in full replaces pixels decoded to fit the screen.
    /// - Parameter point: where on screen the photo stays still.
    func setZoom(_ scale: Double?, actualSize: Bool = false, around point: (x: Double, y: Double)? = nil) {
        let visible = scroller.visibleSize
        if scale != nil, let shown = shownRect(), shown.width > 0, shown.height > 0 {
            let at = point ?? (visible.width / 2, visible.height / 2)
            zoomAnchor = ZoomAnchor(fraction: ((scroller.horizontalOffset + at.x - shown.x) / shown.width,
                                               (scroller.verticalOffset + at.y - shown.y) / shown.height),
                                    onScreen: at)
        } else {
            zoomAnchor = nil
        }
        zoom = scale
        wantsActualSize = actualSize
        if let scale, scale >= 1 { onIntent(.wantsFullResolution) }
        // The picture may shrink below its pixels' size (it stays
        // shrinkable): the size asked for is the size shown, whether the
        // pixels were decoded to fit the screen or in full.
        guard let imageSize, let scale else {
            picture.setSizeRequest(width: -1, height: -1)
            return
        }
        picture.setSizeRequest(width: Int(Double(imageSize.width) * scale), height: Int(Double(imageSize.height) * scale))
        scroller.afterNextLayout { [weak self] in self?.keepAnchor() }
    }

    /// Scrolls so the anchored point of the photo is where it was on
    /// screen, once the content has its new size: after the next layout,
    /// before that frame is drawn, so no frame shows the jump.
    private func keepAnchor() {
        guard let anchor = zoomAnchor, let shown = shownRect() else { return }
        zoomAnchor = nil
        scroller.horizontalOffset = shown.x + anchor.fraction.x * shown.width - anchor.onScreen.x
        scroller.verticalOffset = shown.y + anchor.fraction.y * shown.height - anchor.onScreen.y
    }

    /// Where the photo is drawn in the scrolled content: the picture fits
    /// it into the content, centred (GtkPicture's "contain").
    private func shownRect() -> (x: Double, y: Double, width: Double, height: Double)? {
        guard let imageSize else { return nil }
        let content = scroller.contentSize
        let scale = min(content.width / Double(imageSize.width), content.height / Double(imageSize.height))
        let width = Double(imageSize.width) * scale, height = Double(imageSize.height) * scale
        return ((content.width - width) / 2, (content.height - height) / 2, width, height)
    }
}
