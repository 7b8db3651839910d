import GtkKit
import Imaging
import LightboxCore
import Localization

/// How a photo window looks: the photo filling the window, fitted or
/// zoomed; a calm header bar (the photo's name and rating, the properties'
/// toggle, the photo menu); over the photo, previous and next on its sides,
/// zoom and full screen at the bottom's end and the rating bar (reject, the
/// stars, the colour label) at the bottom in the middle (`PhotoControls`);
/// the properties panel (where the label, title, caption and keywords are
/// edited). Zoom, full screen, the panel, the controls' showing and the
/// focus are view state; everything else is reported as an intent.
@MainActor
final class PhotoWindowView {
    let window: ApplicationWindow
    /// The photo's title, and its rating under it.
    let windowTitle = WindowTitle(title: "")
    /// The photo, zoomed and panned.
    let zoomView = ZoomView()
    var picture: Picture { zoomView.picture }
    private let status = StatusPageView(iconName: "image-missing-symbolic", buttonLabel: nil, buttonAction: nil)
    private let spinner = Spinner()
    let ratingBar = RatingBarView()
    /// The photo's colour label beside the stars: a dot in its colour
    /// (Style.swift's classes), named for screen readers ("Red label");
    /// hidden when it has none.
    let labelBadge = Image(iconName: "media-record-symbolic", pixelSize: 12)
    let properties = PropertiesPanelView()
    /// Over the photo's corner while its file ends before its data does (a
    /// RAW copied in part): what shows is the preview the file kept. The
    /// photo's description says it too, for screen readers.
    // Translators: a mark over a photo whose file is cut short; the photo shown is the camera's preview it kept.
    let incompleteMark = Label(tr("File incomplete"))
    /// Over the photo's other corner while its focus points are asked for
    /// (F) and none can be drawn: what the file says instead ("Focus
    /// point: Not recorded", "…: Focused by hand").
    let focusNote = Label("")
    /// The histogram over the photo's lower corner (H), from the exposure
    /// the state carries while it shows.
    let histogramOverlay = ExposureView.overlay()
    /// The exposure the overlay shows.
    private var overlaidExposure: Exposure?
    /// Its title, the properties' toggle and the photo menu
    /// (`makeHeaderBar`).
    let header = HeaderBar()
    /// Pressed while the properties show.
    // Translators: a toggle button in a photo window's header bar (F9) that shows or hides the panel with a photo's details.
    let propertiesButton = ToggleButton(iconName: "document-properties-symbolic", accessibleLabel: tr("Properties"),
                                        keys: Keyboard.keys(for: ActionNames.properties))
    /// Pressed while the photo is rejected.
    // Translators: a toggle button beside a photo's rating stars (X), pressed while the photo is rejected.
    private let rejectButton = ToggleButton(iconName: "action-unavailable-symbolic", accessibleLabel: tr("Reject"),
                                            keys: Keyboard.keys(for: ActionNames.toggleRejected))
    /// Previous, next, zoom and the rating bar, over the photo.
    private(set) var controls: PhotoControls!
    private var advanceAfterRating: Action!
    /// "Show Clipping" (J), as the state has it.
    private var showClipping: Action!
    /// "Focus Peaking" (P), as the state has it.
    private var showPeaking: Action!
    /// J was pressed: what it did is said once the state has it (the
    /// clipping found once read), and only then: a window opened with the
    /// clipping shown, or another window's J, says nothing. P likewise.
    private var clippingAsked = false
    private var peakingAsked = false
    /// "Show Focus Point" (F) and "Zoom to Focus Point" (Z), as the state
    /// has them; F or Z pressed, what it did is said once.
    private var showFocusPoints: Action!
    private var zoomToFocusPoint: Action!
    private var focusPointsAsked = false
    private var focusZoomAsked = false
    /// "Show Histogram" (H), as the state has it; H pressed, said once.
    private var showHistogram: Action!
    private var histogramAsked = false
    /// The photo last zoomed to its focus point (Z), so that each photo is
    /// zoomed once, as it comes, and panning it is left alone.
    private var focusZoomedPath: String?
    private var slideshowInterval: Action!
    private var slideshow: SlideshowScreen!
    /// The actions whose keys typing needs too (digits, letters, arrows,
    /// plus and minus, brackets, Delete, Escape): disabled while the
    /// keyboard is in a text field of the properties, as the
    /// application's keys are handled before the field sees them.
    private var typingActions: [Action] = []

    /// What the person asks of the window.
    /// The window speaks its logic's intents (PhotoViewerLogic.Intent).
    typealias Intent = PhotoViewerLogic.Intent

    var onIntent: (Intent) -> Void = { _ in }

    init(application: Application) {
        window = ApplicationWindow(application: application)
        window.defaultSize = (900, 650)
        window.setTitlebar(makeHeaderBar(menu: Self.photoMenu()))
        // The photo takes the focus: screen readers read its title, and
        // what the rating keys and the window's state change.
        picture.onMap { [weak self] in
            self?.picture.grabFocus()
            self?.reportViewport()
        }
        window.onResize { [weak self] in self?.reportViewport() }
        zoomView.fallbackSize = window.defaultSize
        // Past the pixels decoded to fit the screen, the photo in full.
        zoomView.onIntent = { [weak self] intent in
            guard case .zoomed(let scale, _) = intent else { return }
            self?.controls.render(fitted: scale == nil)
            if let scale, scale >= 1 { self?.onIntent(.wantsFullResolution) }
        }
        let stage = Overlay(child: zoomView.root)
        stage.addOverlay(status.root)
        spinner.halign = .center
        spinner.valign = .center
        spinner.setSizeRequest(width: 48, height: 48)
        stage.addOverlay(spinner)
        incompleteMark.halign = .start
        incompleteMark.valign = .start
        incompleteMark.setMargins(12)
        incompleteMark.addCssClass("osd")
        incompleteMark.addCssClass("warning")
        // Translators: the tooltip of the "File incomplete" mark over a photo.
        incompleteMark.tooltip = tr("The file ends before its data does: this is the preview it kept.")
        incompleteMark.isVisible = false
        stage.addOverlay(incompleteMark)
        focusNote.halign = .end
        focusNote.valign = .start
        focusNote.setMargins(12)
        focusNote.addCssClass("osd")
        focusNote.isVisible = false
        stage.addOverlay(focusNote)
        // Above the bottom bars: the rating bar and the zoom bar stay reachable.
        histogramOverlay.halign = .start
        histogramOverlay.valign = .end
        histogramOverlay.setMargins(top: 12, bottom: 72, start: 12, end: 12)
        stage.addOverlay(histogramOverlay)
        controls = PhotoControls(over: stage, ratingBar: ratingBar, rejectButton: rejectButton, labelBadge: labelBadge)
        window.onFullscreenChanged { [weak self] in
            guard let self else { return }
            self.controls.isFullscreen = self.window.isFullscreen
        }
        window.setChild(Box(.horizontal, [stage, properties.root]))
        ratingBar.onIntent = { [weak self] intent in
            switch intent {
            case .rate(let stars): self?.onIntent(.rate(stars))
            }
        }
        properties.onIntent = { [weak self] intent in self?.panelAsked(intent) }
        installActions()
        window.onFocusChanged { [weak self] in self?.updateTypingActions() }
        window.onCloseRequest { [weak self] in
            // A title or caption typed and not yet sent is kept: the
            // fields hear no focus leave them as the window goes.
            self?.properties.commitEdits()
            self?.onIntent(.close)
            return false
        }
    }

    /// What the properties panel asks: a change to the photo's tags goes
    /// out as the window's intent; Escape in a field brings the keyboard
    /// back to the photo.
    private func panelAsked(_ intent: PropertiesPanelView.Intent) {
        switch intent {
        case .toggleLabel(let label): onIntent(.toggleLabel(label))
        case .setTitle(let title): onIntent(.setTitle(title))
        case .setCaption(let caption): onIntent(.setCaption(caption))
        case .addKeyword(let text): onIntent(.addKeyword(text))
        case .removeKeyword(let keyword): onIntent(.removeKeyword(keyword))
        case .keywordSuggestionsWanted: onIntent(.keywordSuggestionsWanted)
        case .doneEditing: picture.grabFocus()
        }
    }

    /// The window's actions; their keys are bound once for the whole
    /// application (`Keyboard`).
    private func installActions() {
        let typing: [(ActionID, @MainActor () -> Void)] = [
            (ActionNames.previous, { [weak self] in self?.onIntent(.previous) }),
            (ActionNames.next, { [weak self] in self?.onIntent(.next) }),
            (ActionNames.zoomIn, { [weak self] in self?.zoomView.zoom(by: 1.25) }),
            (ActionNames.zoomOut, { [weak self] in self?.zoomView.zoom(by: 0.8) }),
            (ActionNames.escape, { [weak self] in self?.escape() }),
            (ActionNames.trash, { [weak self] in self?.onIntent(.trash) }),
            (ActionNames.toggleRejected, { [weak self] in self?.onIntent(.toggleRejected) }),
            (ActionNames.rotateLeft, { [weak self] in self?.onIntent(.rotateLeft) }),
            (ActionNames.rotateRight, { [weak self] in self?.onIntent(.rotateRight) }),
        ]
        let others: [(ActionID, @MainActor () -> Void)] = [
            (ActionNames.zoomFit, { [weak self] in self?.zoomView.setZoom(nil) }),
            (ActionNames.zoomActual, { [weak self] in self?.zoomView.setZoom(1, actualSize: true) }),
            (ActionNames.properties, { [weak self] in self?.toggleProperties() }),
            (ActionNames.fullscreen, { [weak self] in self?.toggleFullscreen() }),
            (ActionNames.closeWindow, { [weak self] in self?.window.close() }),
            (ActionNames.switchPane, { [weak self] in self?.switchPane() }),
            (ActionNames.setProfilePhoto, { [weak self] in self?.onIntent(.setProfilePhoto) }),
            (ActionNames.addKeyword, { [weak self] in
                self?.properties.focusKeywordEntry()
                self?.renderPropertiesButton()
            }),
        ]
        typingActions = typing.map { Action($0.0, $0.1) }
        typingActions.append(Action(ActionNames.rate, stringParameter: { [weak self] stars in
            if let stars = Int(stars) { self?.onIntent(.rate(stars)) }
        }))
        typingActions.append(Action(ActionNames.toggleLabel, stringParameter: { [weak self] name in
            if let label = ColorLabel(rawValue: name) { self?.onIntent(.toggleLabel(label)) }
        }))
        showClipping = Action(ActionNames.showClipping, isOn: false) { [weak self] _ in
            self?.clippingAsked = true
            self?.onIntent(.toggleClipping)
        }
        typingActions.append(showClipping)
        showPeaking = Action(ActionNames.showPeaking, isOn: false) { [weak self] _ in
            self?.peakingAsked = true
            self?.onIntent(.togglePeaking)
        }
        typingActions.append(showPeaking)
        showFocusPoints = Action(ActionNames.showFocusPoints, isOn: false) { [weak self] _ in
            self?.focusPointsAsked = true
            self?.onIntent(.toggleFocusPoints)
        }
        typingActions.append(showFocusPoints)
        zoomToFocusPoint = Action(ActionNames.zoomToFocusPoint, isOn: false) { [weak self] _ in
            self?.focusZoomAsked = true
            self?.onIntent(.toggleZoomToFocusPoint)
        }
        typingActions.append(zoomToFocusPoint)
        showHistogram = Action(ActionNames.showHistogram, isOn: false) { [weak self] _ in
            self?.histogramAsked = true
            self?.onIntent(.toggleHistogram)
        }
        typingActions.append(showHistogram)
        typingActions.forEach(window.addAction)
        for (id, body) in others { window.addAction(Action(id, body)) }
        advanceAfterRating = Action(ActionNames.advanceAfterRating, isOn: false) { [weak self] on in
            self?.onIntent(.advanceAfterRating(on))
        }
        window.addAction(advanceAfterRating)
        window.addAction(Action(ActionNames.startSlideshow) { [weak self] in self?.onIntent(.startSlideshow) })
        let pauseSlideshow = Action(ActionNames.pauseSlideshow) { [weak self] in self?.onIntent(.pauseSlideshow) }
        slideshow = SlideshowScreen(window: window, picture: picture, pauseAction: pauseSlideshow)
        window.addAction(pauseSlideshow)
        slideshowInterval = Action(ActionNames.slideshowInterval, state: "5") { [weak self] seconds in
            self?.onIntent(.slideshowInterval(Int(seconds) ?? 5))
        }
        window.addAction(slideshowInterval)
    }

    /// The typing actions are enabled unless the keyboard is in one of the
    /// panel's text fields (a disabled action lets its key through to the
    /// field); Space pauses a slideshow on the same terms.
    private func updateTypingActions() {
        let typing = properties.isTyping
        for action in typingActions where action.isEnabled == typing { action.isEnabled = !typing }
        slideshow.isTyping = typing
    }

    // MARK: View state

    /// Shows the properties if they are hidden (a photo opened from the
    /// grid's "Properties"); shown, they stay.
    /// What the window does once, when the flow asks.
    enum Effect {
        case present
        /// The properties shown (the grid's "Properties").
        case showProperties
        /// Closes the window as its close button does.
        case close
    }

    func perform(_ effect: Effect) {
        switch effect {
        case .present: window.present()
        case .showProperties: if !properties.isShown { toggleProperties() }
        case .close: window.close()
        }
    }

    private func toggleProperties() {
        // Hidden, the panel would take the focus with it: it goes back to
        // the photo (and a field being edited commits, as it loses it).
        if properties.isShown, properties.root.containsFocus { picture.grabFocus() }
        properties.isShown.toggle()
        // The exposure is read for the panel while it shows.
        onIntent(.exposureWanted(properties.isShown))
        renderPropertiesButton()
        guard picture.hasFocus else { return }
        picture.announce(properties.isShown ? tr("Properties shown") : tr("Properties hidden"))
        shownDetail = nil
    }

    /// The properties' toggle is pressed while they show (its click only
    /// asks: the action decides).
    private func renderPropertiesButton() {
        if propertiesButton.isActive != properties.isShown { propertiesButton.isActive = properties.isShown }
    }

    /// Escape leaves full screen, else closes the window (Ctrl+W closes
    /// it too, through the application's accelerator).
    private func escape() {
        if slideshow.isPlaying { return onIntent(.stopSlideshow) }
        window.isFullscreen ? window.unfullscreen() : window.close()
    }

    /// F6: the focus goes from the header bar to the photo, then to the
    /// properties when they are shown, and back to the header bar.
    private func switchPane() {
        if header.containsFocus {
            picture.grabFocus()
        } else if properties.isShown, !properties.root.containsFocus, properties.root.focusFirstChild() {
            return
        } else {
            header.focusFirstChild()
        }
    }

    /// Tells the size the photo is shown at, once the window is laid out.
    private func reportViewport() {
        zoomView.scroller.afterNextLayout { [weak self] in
            guard let self else { return }
            let visible = self.zoomView.scroller.visibleSize, scale = Double(max(1, Gtk.largestScaleFactor))
            guard visible.width > 0, visible.height > 0 else { return }
            self.onIntent(.viewport(width: Int(visible.width * scale), height: Int(visible.height * scale)))
        }
    }

    private func toggleFullscreen() {
        window.isFullscreen ? window.unfullscreen() : window.fullscreen()
    }

    // MARK: Rendering

    /// Shows `state`, all a photo window shows. Rendering the same state
    /// again changes nothing one can see or hear: each part changes only
    /// what differs from what it shows. The picture comes last: gone, it
    /// closes the window, out of the slideshow's full screen by then.
    func render(_ state: PhotoViewerLogic.State) {
        slideshow.render(state.slideshow)
        renderSlideshowInterval(state.slideshowInterval)
        renderAdvancesAfterRating(state.advancesAfterRating)
        renderPosition(state.position)
        renderPicture(state.picture, marks: state.markedPixels, focus: state.focus, sharpness: state.sharpness)
        renderExposure(state)
        renderFocus(state)
        renderHistogram(state)
        properties.keywords.render(suggestions: state.keywordSuggestions)
    }

    /// The menu's choice of seconds per photo.
    private func renderSlideshowInterval(_ seconds: Int) {
        if slideshowInterval.state != String(seconds) { slideshowInterval.state = String(seconds) }
    }

    /// Whether the window goes to the next photo after a rating (the
    /// menu's check item).
    private func renderAdvancesAfterRating(_ on: Bool) {
        if (advanceAfterRating.boolState ?? false) != on { advanceAfterRating.boolState = on }
    }

    /// Previous and next, and the place said with the photo's description.
    /// A button about to go (the first or the last photo reached with it)
    /// hands the keyboard to the photo, which says where it is.
    private func renderPosition(_ position: PhotoViewerLogic.State.Position) {
        let leaving = (!position.hasPrevious && controls.previousButton.hasFocus)
            || (!position.hasNext && controls.nextButton.hasFocus)
        if leaving { picture.grabFocus() }
        controls.render(hasPrevious: position.hasPrevious, hasNext: position.hasNext)
        place = position.place.map { RatingText.place($0.index, of: $0.count) } ?? ""
    }

    /// "Show Clipping" and the exposure read: the menu's check item, the
    /// properties' exposure, and, when J turned the clipping on, what it
    /// found, said once it is read.
    private func renderExposure(_ state: PhotoViewerLogic.State) {
        let on = state.showsClipping
        if (showClipping.boolState ?? false) != on { showClipping.boolState = on }
        if (showPeaking.boolState ?? false) != state.showsPeaking { showPeaking.boolState = state.showsPeaking }
        properties.exposure.render(state.exposure)
        if peakingAsked, !state.showsPeaking || state.markedPixels != nil {
            peakingAsked = false
            picture.announce(state.showsPeaking
                // Translators: said by a screen reader when P marks the sharp edges (focus peaking).
                ? tr("Focus peaking shown: the sharp edges in green")
                // Translators: said by a screen reader when P hides focus peaking.
                : tr("Focus peaking hidden"))
        }
        guard clippingAsked else { return }
        if !on {
            clippingAsked = false
            // Translators: said by a screen reader when J hides the clipping marks.
            picture.announce(tr("Clipping hidden"))
        } else if let exposure = state.exposure, state.markedPixels != nil {
            clippingAsked = false
            picture.announce(ExposureView.clippingSaid(exposure))
        }
    }

    /// "Show Focus Point" and "Zoom to Focus Point": the menu's check items,
    /// the focus points drawn (or the note saying why none is), 100 % on
    /// the focus point of each photo as it comes, and what F or Z did,
    /// said once.
    private func renderFocus(_ state: PhotoViewerLogic.State) {
        if (showFocusPoints.boolState ?? false) != state.showsFocusPoints {
            showFocusPoints.boolState = state.showsFocusPoints
        }
        if (zoomToFocusPoint.boolState ?? false) != state.zoomsToFocusPoint {
            zoomToFocusPoint.boolState = state.zoomsToFocusPoint
        }
        zoomView.showFocus(state.showsFocusPoints ? state.focus : nil)
        let drawn = if case .areas? = state.focus { true } else { false }
        let note = state.showsFocusPoints && !drawn ? state.focus?.spoken : nil
        if focusNote.text != note ?? "" { focusNote.text = note ?? "" }
        focusNote.isVisible = note != nil
        if state.zoomsToFocusPoint, case .presenting(let photo, _) = state.picture, let focus = state.focus,
           photo.path != focusZoomedPath {
            focusZoomedPath = photo.path
            zoomView.zoomToActualSize(centredOn: focus.centre)
        } else if !state.zoomsToFocusPoint, focusZoomedPath != nil {
            focusZoomedPath = nil
            zoomView.setZoom(nil)
        }
        if focusPointsAsked, state.focus != nil || !state.showsFocusPoints {
            focusPointsAsked = false
            picture.announce(state.showsFocusPoints ? state.focus?.spoken ?? ""
                // Translators: said by a screen reader when F hides the camera's focus points.
                : tr("Focus point hidden"))
        }
        if focusZoomAsked, state.focus != nil || !state.zoomsToFocusPoint {
            focusZoomAsked = false
            picture.announce(state.zoomsToFocusPoint
                // Translators: said by a screen reader when Z zooms to the focus point; {where} is "Upper left", "Not recorded"…
                ? tr("Actual size at the focus point: {where}", ["where": state.focus?.described ?? ""])
                // Translators: said by a screen reader when Z goes back to fitting the photo in the window.
                : tr("Best fit"))
        }
    }

    /// "Show Histogram": the menu's check item, the histogram over the
    /// photo once the exposure is read, and what H did, said once.
    private func renderHistogram(_ state: PhotoViewerLogic.State) {
        if (showHistogram.boolState ?? false) != state.showsHistogram { showHistogram.boolState = state.showsHistogram }
        let shown = state.showsHistogram ? state.exposure : nil
        if shown != overlaidExposure || histogramOverlay.isVisible != (shown != nil) {
            overlaidExposure = shown
            ExposureView.render(shown, in: histogramOverlay)
        }
        guard histogramAsked, !state.showsHistogram || state.exposure != nil else { return }
        histogramAsked = false
        picture.announce(state.showsHistogram
            // Translators: said by a screen reader when H shows the histogram; {clipped} is a percentage.
            ? tr("Histogram shown: {clipped} clipped", ["clipped": ExposureView.percent(state.exposure?.anyClipped ?? 0)])
            // Translators: said by a screen reader when H hides the histogram.
            : tr("Histogram hidden"))
    }

    /// The photo, or what stands for it. A photo's pixels become a texture
    /// that shares them (no copy), made once per decoded photo.
    /// `marks`: the clipping marked over these pixels, when shown.
    private func renderPicture(_ shown: PhotoViewerLogic.State.Picture, marks: PixelData?, focus: FocusShown?,
                               sharpness: SharpnessRank?) {
        switch shown {
        case .loading(let photo):
            incompleteMark.isVisible = false
            show(photo, detail: Self.decisions(of: photo))
            spinner.isSpinning = true
            spinner.isVisible = true
            status.root.isVisible = false
        case .presenting(let photo, let pixels):
            incompleteMark.isVisible = pixels.isFromIncompleteFile
            let decisions = Self.decisions(of: photo)
            // Translators: a photo's rating, then more about it: "Rated 3 stars, RAW+JPEG", "Rated 3 stars, Red label".
            let detail = pixels.isFromIncompleteFile ? tr("{rating}, {kind}", ["rating": decisions, "kind": Self.incomplete])
                : decisions
            show(photo, detail: detail, origin: pixels.origin, focus: focus, sharpness: sharpness)
            spinner.isSpinning = false
            spinner.isVisible = false
            status.root.isVisible = false
            // The clipping marked, once made for these pixels.
            zoomView.show(marks ?? pixels, of: photo.path)
        case .failed(let photo, let reason):
            incompleteMark.isVisible = false
            // Translators: {reason} is a sentence saying why, such as "The file is empty."
            show(photo, detail: tr("Cannot show this photo. {reason}", ["reason": reason]))
            spinner.isSpinning = false
            spinner.isVisible = false
            zoomView.show(nil, of: photo.path)
            status.render(title: tr("Cannot Show This Photo"), description: reason)
            status.root.isVisible = true
        case .gone:
            // Once only: a closed window is no longer realized, and GTK
            // does not close it (nor ask the controller to) again.
            window.close()
        }
    }

    /// The photo's title names the focused picture; `detail` describes it,
    /// so a screen reader says a new rating or a failure as it happens.
    private func show(_ photo: Photo, detail: String, origin: PixelData.Origin = .picture, focus: FocusShown? = nil,
                      sharpness: SharpnessRank? = nil) {
        if window.title != photo.title { window.title = photo.title }
        windowTitle.title = photo.title
        windowTitle.subtitle = RatingText.spoken(photo.rating)
        if photo.title != shownTitle {
            shownTitle = photo.title
            picture.setAccessibleLabel(photo.title)
        }
        let described = RatingText.withPlace(detail, place)
        if described != shownDetail {
            shownDetail = described
            picture.setAccessibleDescription(described)
        }
        ratingBar.render(photo.rating)
        renderLabel(photo.tags.label)
        rejectButton.isActive = photo.isRejected
        properties.render(photo, origin: origin, focus: focus, sharpness: sharpness)
    }

    /// What the photo's description adds when its file is cut short.
    private static var incomplete: String {
        // Translators: said of a photo whose file is cut short, after its rating ("Rated 3 stars, file incomplete: …").
        tr("file incomplete: shown from the preview it kept")
    }

    /// "Rated 3 stars", and the label when it has one ("Rated 3 stars, Red
    /// label"): what the photo's description says of the person's
    /// decisions, so that a key changing one is heard.
    private static func decisions(of photo: Photo) -> String {
        let rating = RatingText.spoken(photo.rating)
        guard let label = photo.tags.label else { return rating }
        // Translators: a photo's rating, then more about it: "Rated 3 stars, RAW+JPEG", "Rated 3 stars, Red label".
        return tr("{rating}, {kind}", ["rating": rating, "kind": label.spoken])
    }

    /// The dot beside the stars, in the label's colour.
    private func renderLabel(_ label: ColorLabel?) {
        guard label != shownLabel else { return }
        if let shownLabel { labelBadge.removeCssClass(shownLabel.rawValue.lowercased()) }
        shownLabel = label
        if let label {
            labelBadge.addCssClass(label.rawValue.lowercased())
            labelBadge.setAccessibleLabel(label.spoken)
            labelBadge.setTooltip(label.spoken)
        }
        labelBadge.isVisible = label != nil
    }

    /// What the window says instead of the photo, if anything.
    var statusTitle: String? { status.root.isVisible ? status.titleLabel.text : nil }
    var isLoading: Bool { spinner.isVisible }
    var subtitle: String { windowTitle.subtitle }
    /// The size of the photo on show, in pixels.
    var shownSize: (width: Int, height: Int)? { zoomView.imageSize }

    private var shownTitle: String?
    private(set) var shownLabel: ColorLabel?
    /// "3 of 19", or nothing.
    private var place = ""
    private var shownDetail: String?
}
