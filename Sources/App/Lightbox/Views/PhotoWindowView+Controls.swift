import GtkKit
import Localization

extension PhotoWindowView {
    /// The controls that float over the photo, as GNOME's image viewer has
    /// them, so that the header bar stays calm and the photo fills the
    /// window: previous and next on the photo's sides, zoom and full screen
    /// at the bottom's end, and the rating bar (reject, the stars, the
    /// colour label) at the bottom in the middle.
    ///
    /// Previous, next and zoom show while the pointer moves over the photo
    /// and fade out when it rests; the rating bar stays, except in full
    /// screen, where it comes and goes with the others. Faded out, the
    /// controls stay where they are for the keyboard (Tab reaches them,
    /// and they show while they have the focus) and for screen readers,
    /// but let the pointer through to the photo. In a right-to-left
    /// language the sides swap, as the arrow keys do.
    @MainActor
    final class PhotoControls {
        let previousButton = Button(for: ActionNames.previous, iconName: "go-previous-symbolic",
                                    label: tr("Previous Photo"))
        let nextButton = Button(for: ActionNames.next, iconName: "go-next-symbolic", label: tr("Next Photo"))
        /// 100% while the photo is fitted, else back to fitted: the zoom
        /// level's toggle, as a double click on the photo.
        let fitButton = Button(for: ActionNames.zoomActual, iconName: "zoom-original-symbolic",
                               label: PhotoControls.actualSize)
        // Translators: a button over a photo (F11) that shows it full screen, pressed while it does.
        let fullscreenButton = ToggleButton(iconName: "view-fullscreen-symbolic", accessibleLabel: tr("Full Screen"),
                                            keys: Keyboard.keys(for: ActionNames.fullscreen))
        /// Zoom out, the zoom level's toggle, zoom in, full screen.
        let zoomBar: Box
        /// Reject, the stars and the colour label.
        let ratingGroup: Box
        /// Whether the window is full screen: the rating bar then fades out
        /// with the other controls.
        var isFullscreen = false {
            didSet {
                guard isFullscreen != oldValue else { return }
                fullscreenButton.isActive = isFullscreen
                fullscreenButton.iconName = isFullscreen ? "view-restore-symbolic" : "view-fullscreen-symbolic"
                update()
            }
        }

        /// How long the controls stay after the pointer last moved.
        var restingDelay: Duration = .seconds(2)
        // Translators: a button over a photo (Ctrl+1) that shows it at 100%, one pixel of the photo a pixel of the screen.
        private static var actualSize: String { tr("Actual Size") }
        // Translators: a button over a zoomed photo (Ctrl+0) that fits it to the window again.
        private static var bestFit: String { tr("Best Fit") }

        /// Whether the pointer moved over the photo in the last moments.
        private(set) var pointerIsMoving = false
        /// The controls the pointer is over (it keeps them shown).
        private var hovered: Set<ObjectIdentifier> = []
        /// The controls holding the keyboard focus (one at most).
        private var focused: Set<ObjectIdentifier> = []
        /// Where the pointer last was, to tell a move from GTK saying the
        /// same place again.
        private var lastPointer: (x: Double, y: Double)?
        private var resting: Task<Void, Never>?
        /// Whether each control is shown, as last set.
        private var shown: [ObjectIdentifier: Bool] = [:]
        private var isFitted = true

        init(over stage: Overlay, ratingBar: RatingBarView, rejectButton: ToggleButton, labelBadge: Image) {
            for (button, side) in [(previousButton, Align.start), (nextButton, Align.end)] {
                button.addCssClass("photo-osd")
                button.halign = side
                button.valign = .center
                // GTK takes Tab from widget to widget by where they are,
                // top to bottom, then along the line: a little below the
                // photo's middle, previous and next come after the photo
                // (whose middle is the window's), not either side of it.
                button.setMargins(top: 8, bottom: 0, start: 12, end: 12)
            }
            zoomBar = Box(.horizontal, [
                Button(for: ActionNames.zoomOut, iconName: "zoom-out-symbolic", label: tr("Zoom Out")),
                fitButton,
                Button(for: ActionNames.zoomIn, iconName: "zoom-in-symbolic", label: tr("Zoom In")),
                fullscreenButton,
            ])
            fullscreenButton.actionName = ActionNames.fullscreen.detailed
            zoomBar.halign = .end
            rejectButton.actionName = ActionNames.toggleRejected.detailed
            rejectButton.addCssClass("reject")
            // After the stars, reading from the start.
            labelBadge.setMargins(top: 0, bottom: 0, start: 4, end: 8)
            labelBadge.addCssClass("color-label")
            labelBadge.isVisible = false
            ratingGroup = Box(.horizontal, [rejectButton, ratingBar.root, labelBadge])
            ratingGroup.halign = .center
            for bar in [zoomBar, ratingGroup] {
                bar.addCssClass("photo-osd")
                bar.valign = .end
                bar.setMargins(12)
                // A plain container that screen readers pass over: the
                // buttons in it say what they do.
                bar.setAccessibleLabel("")
            }
            // The zoom bar first: the overlay places its children in order,
            // and the rating bar keeps clear of it.
            for control in controls { stage.addOverlay(control) }
            stage.keepCentred(ratingGroup, clearOf: zoomBar, gap: 6)
            watch(stage)
            update()
        }

        /// Previous, next, the zoom bar, the rating bar (the overlays'
        /// order).
        private var controls: [Widget] { [previousButton, nextButton, zoomBar, ratingGroup] }

        /// Previous and next show only where there is a photo to go to.
        func render(hasPrevious: Bool, hasNext: Bool) {
            previousButton.isVisible = hasPrevious
            nextButton.isVisible = hasNext
        }

        /// The zoom level's toggle: 100% from fitted, fitted from any other
        /// zoom; its keys and name follow what it does.
        func render(fitted: Bool) {
            guard fitted != isFitted else { return }
            isFitted = fitted
            let (action, label) = fitted
                ? (ActionNames.zoomActual, Self.actualSize) : (ActionNames.zoomFit, Self.bestFit)
            fitButton.iconName = fitted ? "zoom-original-symbolic" : "zoom-fit-best-symbolic"
            fitButton.actionName = action.detailed
            fitButton.setAccessibleLabel(label)
            fitButton.setTooltip(label, keys: Keyboard.keys(for: action))
        }

        // MARK: Pointer and focus

        private func watch(_ stage: Overlay) {
            let pointer = PointerHandler()
            pointer.onMove { [weak self] x, y in self?.pointerMoved(to: (x, y)) }
            pointer.onLeave { [weak self] in self?.pointerLeft() }
            stage.addHandler(pointer)
            for control in controls {
                let id = ObjectIdentifier(control)
                let hover = PointerHandler()
                hover.onEnter { [weak self] in self?.mark(id, in: \.hovered, true) }
                hover.onLeave { [weak self] in self?.mark(id, in: \.hovered, false) }
                control.addHandler(hover)
                let focus = FocusHandler()
                focus.onEnter { [weak self] in self?.mark(id, in: \.focused, true) }
                focus.onLeave { [weak self] in self?.mark(id, in: \.focused, false) }
                control.addHandler(focus)
            }
        }

        /// The pointer or the focus came into a control, or left it.
        private func mark(_ id: ObjectIdentifier,
                          in list: ReferenceWritableKeyPath<PhotoControls, Set<ObjectIdentifier>>, _ inside: Bool) {
            if inside { self[keyPath: list].insert(id) } else { self[keyPath: list].remove(id) }
            update()
        }

        /// The pointer moved: the controls show, until it rests. GTK also
        /// reports the pointer where it already was (when what is under it
        /// changes, as a control fading in): that is no move.
        func pointerMoved(to point: (x: Double, y: Double)) {
            if let last = lastPointer, abs(last.x - point.x) < 1, abs(last.y - point.y) < 1 { return }
            lastPointer = point
            pointerIsMoving = true
            update()
            resting?.cancel()
            resting = Task { [weak self] in
                guard let delay = self?.restingDelay else { return }
                try? await Task.sleep(for: delay)
                guard !Task.isCancelled, let self else { return }
                self.pointerIsMoving = false
                self.update()
            }
        }

        /// The pointer left the photo: it is over none of the controls
        /// either (whatever GTK said of one that went away under it).
        private func pointerLeft() {
            lastPointer = nil
            resting?.cancel()
            pointerIsMoving = false
            hovered.removeAll()
            update()
        }

        /// Shows or fades out each control as the pointer, the focus and
        /// full screen say.
        private func update() {
            let wanted = pointerIsMoving || !hovered.isEmpty || !focused.isEmpty
            for control in [previousButton, nextButton, zoomBar] { show(control, wanted) }
            show(ratingGroup, wanted || !isFullscreen)
        }

        private func show(_ control: Widget, _ visible: Bool) {
            let id = ObjectIdentifier(control)
            guard shown[id] != visible else { return }
            shown[id] = visible
            control.fade(to: visible ? 1 : 0)
            control.takesPointer = visible
        }
    }
}
