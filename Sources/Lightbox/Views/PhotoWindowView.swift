import GtkKit
import Imaging
import LightboxCore

/// How a photo window looks: the photo fitted to the window or zoomed,
/// previous/next, rating stars, the properties panel, full screen. Zoom,
/// full screen and the panel are view state; everything else is reported
/// as an intent.
@MainActor
final class PhotoWindowView {
    let window: ApplicationWindow
    private let windowTitle = WindowTitle(title: "")
    private let picture = Picture()
    private let scroller = ScrolledWindow()
    private let status = StatusPageView(iconName: "image-missing-symbolic", buttonLabel: nil, buttonAction: nil)
    private let spinner = Spinner()
    let ratingBar = RatingBarView()
    let properties = PropertiesPanelView()
    private let previousButton = Button(iconName: "go-previous-symbolic", accessibleLabel: "Previous Photo",
                                        keys: "Left")
    private let nextButton = Button(iconName: "go-next-symbolic", accessibleLabel: "Next Photo", keys: "Right")
    private let header = HeaderBar()
    private var imageSize: (width: Int, height: Int)?
    /// nil: fitted to the window; else the scale (1 = 100%).
    private(set) var zoom: Double?

    var onPrevious: () -> Void = {}
    var onNext: () -> Void = {}
    var onRate: (Int) -> Void = { _ in }
    var onTrash: () -> Void = {}
    var onSetProfilePhoto: () -> Void = {}
    var onClosed: () -> Void = {}

    init(application: Application) {
        window = ApplicationWindow(application: application)
        window.defaultSize = (900, 650)
        window.setTitlebar(makeHeaderBar())
        // The photo takes the focus: screen readers read its title, and
        // what the rating keys and the window's state change.
        picture.focusable = true
        picture.onMap { [weak self] in self?.picture.grabFocus() }
        picture.fit = .contain
        picture.canShrink = true
        picture.hexpand = true
        picture.vexpand = true
        scroller.setChild(picture)
        scroller.hexpand = true
        let stage = Overlay(child: scroller)
        stage.addOverlay(status.root)
        spinner.halign = .center
        spinner.valign = .center
        spinner.setSizeRequest(width: 48, height: 48)
        stage.addOverlay(spinner)
        window.setChild(Box(.horizontal, [stage, properties.root]))
        ratingBar.onRate = { [weak self] stars in self?.onRate(stars) }
        installActions()
        window.onCloseRequest { [weak self] in
            self?.onClosed()
            return false
        }
    }

    private func makeHeaderBar() -> HeaderBar {
        previousButton.actionName = "win.previous"
        nextButton.actionName = "win.next"
        header.packStart(Box(.horizontal, [previousButton, nextButton]))
        let zoomOut = Button(iconName: "zoom-out-symbolic", accessibleLabel: "Zoom Out", keys: "minus")
        zoomOut.actionName = "win.zoom-out"
        let fit = Button(iconName: "zoom-fit-best-symbolic", accessibleLabel: "Best Fit", keys: "<Control>0")
        fit.actionName = "win.zoom-fit"
        let zoomIn = Button(iconName: "zoom-in-symbolic", accessibleLabel: "Zoom In", keys: "plus")
        zoomIn.actionName = "win.zoom-in"
        let actual = Button(iconName: "zoom-original-symbolic", accessibleLabel: "Actual Size", keys: "<Control>1")
        actual.actionName = "win.zoom-actual"
        let zoomBox = Box(.horizontal, [zoomOut, fit, actual, zoomIn])
        zoomBox.addCssClass("linked")
        header.packStart(zoomBox)
        let panel = Button(iconName: "document-properties-symbolic", accessibleLabel: "Properties", keys: "F9")
        panel.actionName = "win.properties"
        let fullscreen = Button(iconName: "view-fullscreen-symbolic", accessibleLabel: "Full Screen", keys: "F11")
        fullscreen.actionName = "win.fullscreen"
        let trash = Button(iconName: "user-trash-symbolic", accessibleLabel: "Move to Trash", keys: "Delete")
        trash.actionName = "win.trash"
        let profile = Button(iconName: "avatar-default-symbolic", accessibleLabel: "Set as Profile Photo")
        profile.actionName = "win.set-profile-photo"
        [panel, fullscreen, trash, profile].forEach(header.packEnd)
        header.packEnd(ratingBar.root)
        header.setTitleWidget(windowTitle.root)
        return header
    }

    private func installActions() {
        let actions: [(String, [String], @MainActor () -> Void)] = [
            ("previous", ["Left"], { [weak self] in self?.onPrevious() }),
            ("next", ["Right"], { [weak self] in self?.onNext() }),
            ("zoom-in", ["plus", "equal", "KP_Add"], { [weak self] in self?.zoom(by: 1.25) }),
            ("zoom-out", ["minus", "KP_Subtract"], { [weak self] in self?.zoom(by: 0.8) }),
            ("zoom-fit", ["<Control>0"], { [weak self] in self?.setZoom(nil) }),
            ("zoom-actual", ["<Control>1"], { [weak self] in self?.setZoom(1) }),
            ("properties", ["F9"], { [weak self] in self?.toggleProperties() }),
            ("fullscreen", ["F11"], { [weak self] in self?.toggleFullscreen() }),
            ("close", [], { [weak self] in self?.window.close() }),
            ("escape", ["Escape"], { [weak self] in self?.escape() }),
            ("switch-pane", ["F6", "<Shift>F6"], { [weak self] in self?.switchPane() }),
            ("trash", ["Delete"], { [weak self] in self?.onTrash() }),
            ("set-profile-photo", [], { [weak self] in self?.onSetProfilePhoto() }),
        ]
        let shortcuts = ShortcutHandler()
        for (name, keys, body) in actions {
            window.addAction(Action(name, body))
            keys.forEach { shortcuts.add($0, action: "win.\(name)") }
        }
        for stars in 0...5 {
            window.addAction(Action("rate-\(stars)") { [weak self] in self?.onRate(stars) })
            shortcuts.add("\(stars)", action: "win.rate-\(stars)")
            shortcuts.add("KP_\(stars)", action: "win.rate-\(stars)")
        }
        window.addHandler(shortcuts)
    }

    // MARK: View state

    private func toggleProperties() {
        properties.isShown.toggle()
        guard picture.hasFocus else { return }
        picture.announce(properties.isShown ? "Properties shown" : "Properties hidden")
        shownDetail = nil
    }

    /// Escape leaves full screen, else closes the window (Ctrl+W closes
    /// it too, through the application's accelerator).
    private func escape() {
        window.isFullscreen ? window.unfullscreen() : window.close()
    }

    /// F6: the focus goes from the header bar to the photo and back.
    private func switchPane() {
        if header.containsFocus { picture.grabFocus() } else { header.focusFirstChild() }
    }

    private func toggleFullscreen() {
        window.isFullscreen ? window.unfullscreen() : window.fullscreen()
    }

    private func zoom(by factor: Double) {
        guard let imageSize else { return }
        let fitted = fittedScale(for: imageSize)
        setZoom(min(8, max(0.05, (zoom ?? fitted) * factor)))
    }

    private func fittedScale(for size: (width: Int, height: Int)) -> Double {
        let available = window.defaultSize
        return min(1, min(Double(available.width) / Double(size.width), Double(available.height) / Double(size.height)))
    }

    func setZoom(_ scale: Double?) {
        zoom = scale
        guard let imageSize, let scale else {
            picture.canShrink = true
            picture.setSizeRequest(width: -1, height: -1)
            return
        }
        picture.canShrink = false
        picture.setSizeRequest(width: Int(Double(imageSize.width) * scale), height: Int(Double(imageSize.height) * scale))
    }

    // MARK: Rendering

    /// Shows `state`. A photo presented comes with its texture, which
    /// shows the state's pixels without copying them.
    func render(_ state: PhotoViewerLogic.State, texture: Texture?, hasPrevious: Bool, hasNext: Bool) {
        previousButton.isSensitive = hasPrevious
        nextButton.isSensitive = hasNext
        switch state {
        case .loading(let photo):
            show(photo, detail: RatingText.spoken(photo.rating))
            spinner.isSpinning = true
            spinner.isVisible = true
            status.root.isVisible = false
        case .presenting(let photo, let pixels):
            show(photo, detail: RatingText.spoken(photo.rating))
            spinner.isSpinning = false
            spinner.isVisible = false
            status.root.isVisible = false
            imageSize = (pixels.width, pixels.height)
            picture.setTexture(texture)
            setZoom(zoom)
        case .failed(let photo, let reason):
            show(photo, detail: "Cannot show this photo. \(reason)")
            spinner.isSpinning = false
            spinner.isVisible = false
            picture.setTexture(nil)
            imageSize = nil
            status.render(title: "Cannot Show This Photo", description: reason)
            status.root.isVisible = true
        case .gone:
            window.close()
        }
    }

    /// The photo's title names the focused picture; `detail` describes it,
    /// so a screen reader says a new rating or a failure as it happens.
    private func show(_ photo: Photo, detail: String) {
        window.title = photo.title
        windowTitle.title = photo.title
        windowTitle.subtitle = RatingText.spoken(photo.rating)
        if photo.title != shownTitle {
            shownTitle = photo.title
            picture.setAccessibleLabel(photo.title)
        }
        if detail != shownDetail {
            shownDetail = detail
            picture.setAccessibleDescription(detail)
        }
        ratingBar.render(photo.rating)
        properties.render(photo)
    }

    private var shownTitle: String?
    private var shownDetail: String?
}
