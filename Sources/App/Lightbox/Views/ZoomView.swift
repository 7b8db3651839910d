import Foundation
import GtkKit
import Imaging
import LightboxCore

/// A point of the photo to keep under the pointer (or the fingers) while
/// the zoom changes: where it is in the photo, as fractions of its width
/// and height, and where on screen it must stay.
struct ZoomAnchor {
    var fraction: (x: Double, y: Double)
    var onScreen: (x: Double, y: Double)
}

/// A photo that zooms and pans, for the photo window and the compare
/// window: keys and buttons zoom around the middle, Ctrl with the wheel and
/// a pinch around the pointer or the fingers; a drag pans a photo larger
/// than the view, a double click goes between fitted and 100%. View state
/// only: the window hears of zoom changes (`.zoomed`, to ask for the photo
/// in full past the pixels decoded for the screen) and of panning.
@MainActor
final class ZoomView {
    let picture = Picture()
    let scroller = ScrolledWindow()
    var root: Widget { scroller }
    /// nil: fitted to the view; else the scale of the pixels (1 = 100%).
    private(set) var zoom: Double?
    /// The pixels shown, if any.
    private(set) var imageSize: (width: Int, height: Int)?
    /// 100% of the photo itself was asked (Ctrl+1, a double click): kept
    /// once the photo in full replaces pixels decoded to fit the screen.
    private(set) var wantsActualSize = false
    /// Where the zoom keeps the photo still until the next layout.
    private(set) var zoomAnchor: ZoomAnchor?
    enum Intent {
        /// The zoom changed (nil: fitted); `actualSize`: 100% of the photo
        /// itself was asked.
        case zoomed(Double?, actualSize: Bool)
        /// The photo was panned (dragged, or scrolled by the wheel).
        case panned
    }

    var onIntent: (Intent) -> Void = { _ in }
    /// The view's size before it is laid out (the window's default size).
    var fallbackSize = (width: 900, height: 650)
    private var pinchStartZoom: Double?
    private var dragStart: (x: Double, y: Double)?
    private var pointer: (x: Double, y: Double)?
    private var shownPixels: PixelData?
    private var shownPath: String?
    private var shownTexture: Texture?
    /// The outlines drawn over the photo (its focus points), if any.
    private(set) var outlines: [Picture.Outline] = []

    init() {
        picture.focusable = true
        picture.fit = .contain
        picture.canShrink = true
        picture.hexpand = true
        picture.vexpand = true
        scroller.setChild(picture)
        scroller.hexpand = true
        scroller.onScroll { [weak self] in self?.onIntent(.panned) }
        installGestures()
    }

    /// Shows `pixels` of the photo at `path` (nil: nothing). The same photo
    /// in more detail (decoded in full for a zoom) keeps its size on
    /// screen; the same photo turned keeps its scale.
    func show(_ pixels: PixelData?, of path: String) {
        guard let pixels else {
            picture.setTexture(nil)
            shownPixels = nil
            shownTexture = nil
            imageSize = nil
            return
        }
        guard shownPixels.map(pixels.isSameStorage(as:)) != true else { return }
        let turned = path == shownPath && imageSize.map {
            $0.width == pixels.height && $0.height == pixels.width && $0.width != $0.height
        } == true
        if path == shownPath, !turned, let old = imageSize, let scale = zoom, pixels.width > 0, !wantsActualSize {
            zoom = scale * Double(old.width) / Double(pixels.width)
        }
        if path != shownPath { wantsActualSize = false }
        shownPath = path
        shownPixels = pixels
        imageSize = (pixels.width, pixels.height)
        let texture = Texture(pixels)
        shownTexture = texture
        picture.setTexture(texture, outlines: outlines)
        setZoom(zoom, actualSize: wantsActualSize)
    }

    /// Draws the camera's focus areas over the photo shown, when `focus`
    /// has areas (nil: the photo alone); the photo's texture stays, the
    /// next frame shows the change.
    func showFocus(_ focus: FocusShown?) {
        let areas: [FocusArea] = if case .areas(let areas)? = focus { areas } else { [] }
        let outlines = areas.map { Picture.Outline(x: $0.x, y: $0.y, width: $0.width, height: $0.height) }
        guard outlines != self.outlines else { return }
        self.outlines = outlines
        if let shownTexture { picture.setTexture(shownTexture, outlines: outlines) }
    }

    /// 100 % of the photo itself with the point at `fraction` (of its
    /// width and height) in the middle of the view, once laid out.
    func zoomToActualSize(centredOn fraction: (x: Double, y: Double)) {
        let visible = scroller.visibleSize
        zoom = 1
        wantsActualSize = true
        zoomAnchor = ZoomAnchor(fraction: fraction, onScreen: (visible.width / 2, visible.height / 2))
        if let imageSize {
            picture.setSizeRequest(width: imageSize.width, height: imageSize.height)
            scroller.afterNextLayout { [weak self] in self?.keepAnchor() }
        }
        onIntent(.zoomed(1, actualSize: true))
    }

    private func installGestures() {
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
            self.onIntent(.panned)
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

    /// The zoom relative to fitted (1: fitted), to match another view.
    var zoomRelativeToFit: Double? {
        guard let zoom, let imageSize else { return nil }
        return zoom / fittedScale(for: imageSize)
    }

    /// Zooms to `relative` times fitted (nil: fitted), with no point kept
    /// still: whoever matches this view to another scrolls it after.
    func setZoom(relativeToFit relative: Double?) {
        guard let relative, let imageSize else { return setZoom(nil) }
        setZoom(clamped(relative * fittedScale(for: imageSize)), anchored: false)
    }

    /// Where the middle of the view is in the photo, as fractions.
    var centre: (x: Double, y: Double)? {
        guard let shown = shownRect(), shown.width > 0, shown.height > 0 else { return nil }
        let visible = scroller.visibleSize
        return ((scroller.horizontalOffset + visible.width / 2 - shown.x) / shown.width,
                (scroller.verticalOffset + visible.height / 2 - shown.y) / shown.height)
    }

    /// Scrolls so `centre` (fractions of the photo) is in the middle.
    func scroll(toCentre centre: (x: Double, y: Double)) {
        guard let shown = shownRect() else { return }
        let visible = scroller.visibleSize
        scroller.horizontalOffset = shown.x + centre.x * shown.width - visible.width / 2
        scroller.verticalOffset = shown.y + centre.y * shown.height - visible.height / 2
    }

    /// The scale at which the photo fits the window (never above 100%).
    func fittedScale(for size: (width: Int, height: Int)) -> Double {
        let visible = scroller.visibleSize
        let available: (width: Double, height: Double) = visible.width > 0
            ? visible : (Double(fallbackSize.width), Double(fallbackSize.height))
        return min(1, min(available.width / Double(size.width), available.height / Double(size.height)))
    }

    /// - Parameter actualSize: 100% of the photo itself: kept once the
    ///   photo in full replaces pixels decoded to fit the screen.
    /// - Parameter point: where on screen the photo stays still.
    func setZoom(_ scale: Double?, actualSize: Bool = false, around point: (x: Double, y: Double)? = nil,
                 anchored: Bool = true) {
        let visible = scroller.visibleSize
        if anchored, scale != nil, let shown = shownRect(), shown.width > 0, shown.height > 0 {
            let at = point ?? (visible.width / 2, visible.height / 2)
            zoomAnchor = ZoomAnchor(fraction: ((scroller.horizontalOffset + at.x - shown.x) / shown.width,
                                               (scroller.verticalOffset + at.y - shown.y) / shown.height),
                                    onScreen: at)
        } else {
            zoomAnchor = nil
        }
        zoom = scale
        wantsActualSize = actualSize
        // The picture may shrink below its pixels' size (it stays
        // shrinkable): the size asked for is the size shown, whether the
        // pixels were decoded to fit the screen or in full.
        if let imageSize, let scale {
            picture.setSizeRequest(width: Int(Double(imageSize.width) * scale),
                                   height: Int(Double(imageSize.height) * scale))
            scroller.afterNextLayout { [weak self] in self?.keepAnchor() }
        } else {
            picture.setSizeRequest(width: -1, height: -1)
        }
        // Last: what it does after the next layout comes after the anchor.
        onIntent(.zoomed(scale, actualSize: actualSize))
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
