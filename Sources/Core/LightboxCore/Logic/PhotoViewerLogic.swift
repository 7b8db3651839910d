import Foundation
import Imaging
import Localization

/// What a photo window reads of the list it steps through (the main
/// window's that opened it, in that window's current order). It changes
/// nothing there: its edits go out as outputs, through the flow.
@MainActor
public protocol PhotoSequence: AnyObject {
    func photo(at path: String) -> Photo?
    func neighbour(of path: String, offset: Int) -> Photo?
    /// Where the photo is in the list (from 0), and how many it holds.
    func place(of path: String) -> (index: Int, count: Int)?
    /// Keywords to offer while one is typed (those used last first).
    var knownKeywords: [Keyword] { get }
    /// Where the photo's sharpness stands in the folder, once measured.
    func sharpnessRank(of photo: Photo) -> SharpnessRank?
}

/// What a photo window does, without GTK: decoding the photo off the main
/// thread, stepping to the previous or next photo, rating, and leaving a
/// photo that left the folder, slideshows. One method per user action;
/// each answers with the new state (see PhotoViewerLogic+State), and
/// `onChange` hears every state (the loading one before a decode ends too).
@MainActor
public final class PhotoViewerLogic: ScreenLogic {
    /// The largest side decoded for viewing; bigger photos are scaled down
    /// while decoding (100% zoom then shows this size). 6144 px keeps a
    /// 24-megapixel camera's photos whole at under 100 MB of pixels.
    package nonisolated static let maxDecodedSize = 6144

    public let screen: Screen<State, Output>
    /// The photo shown (the last one, once gone).
    private var photo: Photo
    /// The list stepped through (read only: edits go out as outputs).
    private weak var sequence: (any PhotoSequence)?
    /// Whether the window shows what the exposure says (its properties).
    private var exposureWanted = false
    /// The pixels the exposure is read from, and the reading under way.
    private var analysed: PixelData?
    private var analysing: Task<Void, Never>?
    /// The marks `state.markedPixels` carries.
    private var markedWith: PixelMarks = []
    /// The step, decision or turn under way (the next one replaces it).
    private var work: Task<Void, Never>?
    /// The slideshow playing, if one is.
    private var slideshow: Task<Void, Never>?
    /// Bumped by each decode: a newer one (the next photo) wins.
    private var generation = 0
    /// The last turn asked for (see PhotoViewerLogic+Rotation).
    private var lastRotation: Task<Void, Never>?
    /// The photo decoded in full (asked for, or shown), if any.
    private var fullResolution: String?
    /// The neighbours, decoded ahead (see `PhotoPreloader`).
    private let preloader: PhotoPreloader
    private let decode: PhotoPreloader.Decode
    /// Reads a camera RAW's sensor data for its exposure.
    private let readSensor: ReadSensor
    /// The sensor exposures read, by RAW path (the photo shown and its
    /// neighbours, read ahead while the exposure is wanted).
    private var sensorExposures: [String: Task<Exposure?, Never>] = [:]
    /// What the slideshow counts its seconds by.
    private let clock: any Clock<Duration>

    /// - Parameters:
    ///   - decode: decodes a photo to fit a square (the sandboxed decoders,
    ///     ahead of thumbnails: someone is looking).
    ///   - clock: the slideshow's seconds; tests pass one they move by hand.
    public init(photo: Photo, sequence: (any PhotoSequence)?, displaySide: Int = 2560,
                decode: @escaping PhotoPreloader.Decode = PhotoViewerLogic.decoding(with: .shared),
                readSensor: @escaping ReadSensor = PhotoViewerLogic.readingSensor(with: .shared),
                clock: any Clock<Duration> = ContinuousClock()) {
        self.photo = photo
        self.sequence = sequence
        self.decode = decode
        self.readSensor = readSensor
        self.clock = clock
        preloader = PhotoPreloader(side: displaySide, fullSide: Self.maxDecodedSize, decode: decode)
        screen = Screen(State(picture: .loading(photo), position: Self.position(of: photo, in: sequence)))
    }

    /// Decoding through the shared pool of sandboxed decoders, laid out as
    /// GDK keeps textures (so the pixels are not gone over again here or
    /// on every frame), off the main thread.
    public nonisolated static func decoding(with pool: DecoderPool) -> PhotoPreloader.Decode {
        { path, side throws(ImageError) in
            let result = await Task.detached(priority: .userInitiated) { () -> Result<PixelData, ImageError> in
                do throws(ImageError) {
                    // The decode at the largest side is the photo in full:
                    // a camera RAW is then developed from its sensor data
                    // when its embedded preview is smaller.
                    return .success(try pool.decodeForDisplay(path: path, maxSize: side, inFull: side >= maxDecodedSize,
                                                              priority: .interactive))
                } catch {
                    return .failure(error)
                }
            }.value
            return try result.get()
        }
    }

    /// Reads what a camera RAW's sensor data says of its exposure (nil for
    /// a file with none: a preview-only or cut RAW).
    public typealias ReadSensor = @Sendable (_ path: String) async -> Exposure?

    /// Reading through the shared pool of sandboxed decoders, off the main
    /// thread, behind what a window shows.
    public nonisolated static func readingSensor(with pool: DecoderPool) -> ReadSensor {
        { path in
            await Task.detached(priority: .utility) { try? pool.sensorExposure(path: path) }.value
        }
    }

    /// Whether the list has a photo after the one shown, asked now: the
    /// list may have changed since the last state was published.
    private var nextExists: Bool { !state.isGone && sequence?.neighbour(of: photo.path, offset: 1) != nil }

    // MARK: Actions

    /// Shows the current photo: at once when it was decoded ahead (at
    /// another size while it is decoded again: see
    /// `PhotoPreloader.standIn`), else `.loading` first, then the result
    /// once the preloader, which decodes the shown photo first, has it. Its
    /// neighbours are decoded next.
    @discardableResult
    private func load() async -> State {
        generation += 1
        let mine = generation
        let photo = self.photo
        fullResolution = nil
        neighbours = (sequence?.neighbour(of: photo.path, offset: 1), sequence?.neighbour(of: photo.path, offset: -1))
        focusPreloader(on: photo)
        if let pixels = preloader.pixels(for: photo) { return publish(.presenting(photo, pixels)) }
        publish(preloader.standIn(for: photo).map { .presenting(photo, $0) } ?? .loading(photo))
        while preloader.pixels(for: photo) == nil, preloader.failure(for: photo) == nil, preloader.decoding != nil {
            await preloader.decodeEnded()
            guard mine == generation else { return state }
        }
        if let pixels = preloader.pixels(for: photo) { return publish(.presenting(photo, pixels)) }
        return publish(.failed(photo, preloader.failure(for: photo) ?? tr("The image cannot be read.")))
    }

    /// The window's picture area changed (device pixels): photos are
    /// decoded to fit it. The photo shown stays until its new pixels are
    /// there.
    @discardableResult
    private func setViewport(width: Int, height: Int) async -> State {
        guard !state.isGone, preloader.viewport?.width != width || preloader.viewport?.height != height
        else { return state }
        preloader.viewport = (width, height)
        fullResolution = nil
        return await redecode()
    }

    /// The photo shown decoded again as the preloader now decodes photos
    /// (another size, in full or fitted), shown once its pixels are there;
    /// until then the pixels shown stay. Loaded afresh when none are shown.
    private func redecode() async -> State {
        guard case .presenting = state.picture else { return await load() }
        let mine = generation, photo = self.photo
        focusPreloader(on: photo)
        while preloader.pixels(for: photo) == nil, preloader.failure(for: photo) == nil, preloader.decoding != nil {
            await preloader.decodeEnded()
            guard mine == generation else { return state }
        }
        guard let pixels = preloader.pixels(for: photo), mine == generation else { return state }
        return publish(.presenting(photo, pixels))
    }

    /// Zoom to Focus Point on or off: on, every photo is decoded in full
    /// (the neighbours ahead), so that each step shows 100 % at once; off,
    /// fitted to the window again. The photo shown stays until its new
    /// pixels are there.
    @discardableResult
    private func setZoomsToFocusPoint(_ on: Bool) async -> State {
        guard !state.isGone, on != state.zoomsToFocusPoint else { return state }
        publishChange { $0.zoomsToFocusPoint = on }
        preloader.inFull = on
        fullResolution = nil
        return await redecode()
    }

    /// Decodes the photo shown in full (up to `maxDecodedSize`), for
    /// zooming in past the window's size; nothing when it already is.
    @discardableResult
    private func loadFullResolution() async -> State {
        let fitted = preloader.side(for: photo)
        let own = photo.metadata.map { max($0.pixelWidth, $0.pixelHeight) } ?? 0
        guard case .presenting(let shown, let pixels) = state.picture else { return state }
        // Decoded whole already: pixels as large as the photo says it is,
        // or, where it does not say, smaller than the side they were fitted
        // to. A camera RAW shown from a preview smaller than its sensor is
        // not whole.
        let side = max(pixels.width, pixels.height)
        let whole = own > 0 ? side >= own : side < fitted
        guard !whole, fitted < Self.maxDecodedSize, own == 0 || fitted < own, fullResolution != shown.path
        else { return state }
        fullResolution = shown.path
        let mine = generation
        let result: Result<PixelData, ImageError>
        do throws(ImageError) {
            result = .success(try await decode(shown.path, Self.maxDecodedSize))
        } catch {
            result = .failure(error)
        }
        guard mine == generation, case .success(let full) = result else { return state }
        return publish(.presenting(photo, full))
    }

    private func focusPreloader(on photo: Photo) {
        let next = (1...preloader.ahead).compactMap { sequence?.neighbour(of: photo.path, offset: $0) }
        let previous = (1...preloader.behind).compactMap { sequence?.neighbour(of: photo.path, offset: -$0) }
        preloader.focus(on: photo, previous: previous, next: next)
    }

    /// Shows the photo `offset` places away in the list's order; at either
    /// end nothing changes.
    @discardableResult
    private func step(_ offset: Int) async -> State {
        guard !state.isGone, let next = sequence?.neighbour(of: photo.path, offset: offset) else { return state }
        photo = next
        return await load()
    }

    /// Gives the photo a rating (1…5 stars; 0 clears, -1 rejects); the
    /// list saves it.
    @discardableResult
    private func setRating(_ stars: Int) -> State {
        guard !state.isGone else { return state }
        emit(.edit(.rate(path: photo.path, stars: stars)))
        photo = sequence?.photo(at: photo.path) ?? photo
        return publish(showingPhoto(in: state.picture))
    }

    /// 6–9: gives the photo `label`, or takes it away when it has it.
    @discardableResult
    private func toggleLabel(_ label: ColorLabel) -> State {
        tag(TagEdit(label: .some(photo.tags.label == label ? nil : label)))
    }

    /// Sets the title ("" takes it away), as typed in the properties.
    @discardableResult
    private func setTitle(_ title: String) -> State {
        guard photo.tags.title != PhotoTags.nonBlank(title) else { return state }
        return tag(TagEdit(title: title))
    }

    /// Sets the caption ("" takes it away).
    @discardableResult
    private func setCaption(_ caption: String) -> State {
        guard photo.tags.caption != PhotoTags.nonBlank(caption) else { return state }
        return tag(TagEdit(caption: caption))
    }

    /// Adds a keyword typed in the properties ("Places|Brittany" for one
    /// in a hierarchy); nothing for blank text.
    @discardableResult
    private func addKeyword(_ text: String) -> State {
        guard let keyword = Keyword(text), !photo.tags.keywords.contains(keyword) else { return state }
        return tag(TagEdit(adding: [keyword]))
    }

    @discardableResult
    private func removeKeyword(_ keyword: Keyword) -> State {
        guard photo.tags.keywords.contains(keyword) else { return state }
        return tag(TagEdit(removing: [keyword]))
    }

    private func tag(_ edit: TagEdit) -> State {
        guard !state.isGone else { return state }
        emit(.edit(.tag(edit, path: photo.path)))
        photo = sequence?.photo(at: photo.path) ?? photo
        // The keywords offered change with an added one.
        var new = state
        new.picture = showingPhoto(in: state.picture)
        new.keywordSuggestions = nil
        return publish(new)
    }

    /// The list learnt something new of the photo shown (another program
    /// rated it, in the file or a sidecar): the window shows it.
    @discardableResult
    private func photoChanged() -> State {
        guard !state.isGone, let fresh = sequence?.photo(at: photo.path), fresh != photo else { return state }
        photo = fresh
        return publish(showingPhoto(in: state.picture))
    }

    /// `picture` with `photo` in it, as it is now.
    private func showingPhoto(in picture: State.Picture) -> State.Picture {
        switch picture {
        case .loading: .loading(photo)
        case .presenting(_, let pixels): .presenting(photo, pixels)
        case .failed(_, let reason): .failed(photo, reason)
        case .gone: .gone
        }
    }

    /// Turns "Go to Next Photo After Rating" on or off (the person's
    /// preference): `decide` then steps to the next photo, when there is
    /// one.
    @discardableResult
    private func setAdvancesAfterRating(_ on: Bool) -> State {
        publishChange { $0.advancesAfterRating = on }
    }

    /// A rating of the photo (1…5 stars, 0 clears, -1 rejects; nil rejects
    /// it, or takes a rejection back, leaving it unrated), then the next
    /// photo when advancing.
    @discardableResult
    private func rate(_ stars: Int?) async -> State {
        setRating(stars ?? (photo.isRejected ? 0 : Photo.rejected))
        guard state.advancesAfterRating, nextExists else { return state }
        return await step(1)
    }

    /// The photo left the folder (trashed here or elsewhere): the next one
    /// shows, else the previous one, else nothing is left.
    @discardableResult
    private func photoRemoved() async -> State {
        guard !state.isGone, sequence?.photo(at: photo.path) == nil else { return state }
        // The list no longer knows where the photo was: its neighbours
        // were noted when it was shown.
        guard let next = [neighbours.next, neighbours.previous].compactMap({ $0 })
            .first(where: { sequence?.photo(at: $0.path) != nil }) else {
            generation += 1
            return publish(.gone)
        }
        photo = next
        return await load()
    }

    /// The photos either side of the one shown, noted when it is loaded.
    private var neighbours: (next: Photo?, previous: Photo?) = (nil, nil)

    // MARK: Intents

    public func send(_ intent: Intent) {
        switch intent {
        case .load: run { await $0.load() }
        case .previous: run { await $0.step(-1) }
        case .next: run { await $0.step(1) }
        case .rate(let stars): run { await $0.rate(stars) }
        case .toggleRejected: run { await $0.rate(nil) }
        case .rotateLeft: run { await $0.rotate(clockwise: false) }
        case .rotateRight: run { await $0.rotate(clockwise: true) }
        // Tags change the photo shown at once: not through `run`, which
        // would cancel a step under way.
        case .toggleLabel(let label): toggleLabel(label)
        case .setTitle(let title): setTitle(title)
        case .setCaption(let caption): setCaption(caption)
        case .addKeyword(let text): addKeyword(text)
        case .removeKeyword(let keyword): removeKeyword(keyword)
        case .keywordSuggestionsWanted: publishChange { [sequence] in $0.keywordSuggestions = sequence?.knownKeywords ?? [] }
        case .startSlideshow:
            guard state.slideshow == nil else { return }
            slideshow = tasks.start(lasting: true) { [weak self] in
                guard let self else { return }
                _ = await playSlideshow(every: state.slideshowInterval)
            }
        case .pauseSlideshow: pauseSlideshow()
        case .stopSlideshow:
            stopSlideshow()
            slideshow?.cancel()
        case .slideshowInterval(let seconds): setSlideshowInterval(seconds)
        case .advanceAfterRating(let on):
            setAdvancesAfterRating(on)
            emit(.advancesAfterRatingChanged(on))
        case .followAdvancesAfterRating(let on): setAdvancesAfterRating(on)
        case .exposureWanted(let on):
            exposureWanted = on
            exposureWishesChanged()
        case .toggleClipping:
            let on = !state.showsClipping
            show(.clipping, on)
            emit(.showsClippingChanged(on))
        case .followShowsClipping(let on): show(.clipping, on)
        case .togglePeaking:
            let on = !state.showsPeaking
            show(.peaking, on)
            emit(.showsPeakingChanged(on))
        case .followShowsPeaking(let on): show(.peaking, on)
        case .toggleHistogram:
            let on = !state.showsHistogram
            publishChange { $0.showsHistogram = on }
            exposureWishesChanged()
            emit(.showsHistogramChanged(on))
        case .followShowsHistogram(let on):
            guard on != state.showsHistogram else { return }
            publishChange { $0.showsHistogram = on }
            exposureWishesChanged()
        case .toggleFocusPoints:
            let on = !state.showsFocusPoints
            publishChange { $0.showsFocusPoints = on }
            emit(.showsFocusPointsChanged(on))
        case .followShowsFocusPoints(let on):
            guard on != state.showsFocusPoints else { return }
            publishChange { $0.showsFocusPoints = on }
        case .toggleZoomToFocusPoint:
            // Not through `run`: the photo shown stays while its pixels in
            // full (or fitted again) are decoded.
            tasks.start { [weak self] in _ = await self?.setZoomsToFocusPoint(!(self?.state.zoomsToFocusPoint ?? true)) }
        case .wantsFullResolution: tasks.start { [weak self] in _ = await self?.loadFullResolution() }
        case .viewport(let width, let height):
            // Not through `run`: a resize must not cancel a step under way.
            tasks.start { [weak self] in _ = await self?.setViewport(width: width, height: height) }
        case .trash: emit(.trash(path: photo.path))
        case .setProfilePhoto: emit(.setProfilePhoto(path: photo.path))
        case .photoRemoved: run { await $0.photoRemoved() }
        case .photosChanged: photoChanged()
        case .close:
            tasks.cancelAll()
            sensorExposures.values.forEach { $0.cancel() }
            sensorExposures = [:]
            emit(.closed(lastShown: photo.path))
        }
    }

    /// Starts `action`, superseding the one under way. It runs at once, up
    /// to its first wait: a rating, or a step to a photo decoded ahead,
    /// shows in this turn of the main loop, not the next.
    private func run(_ action: @escaping @MainActor (PhotoViewerLogic) async -> State) {
        work?.cancel()
        work = tasks.start { [weak self] in
            guard let self else { return }
            _ = await action(self)
        }
    }

    // MARK: Turning

    /// Turns the photo a quarter (its EXIF orientation; the list writes
    /// it). The pixels shown are turned at once, off the main thread, and
    /// kept for the photo until its file is written and read again. Turns
    /// asked in a row are made one after another, each on the pixels the
    /// one before it showed.
    @discardableResult
    private func rotate(clockwise: Bool) async -> State {
        let previous = lastRotation
        let rotation = tasks.start { [weak self] in
            await previous?.value
            await self?.turn(clockwise: clockwise)
        }
        lastRotation = rotation
        await rotation?.value
        return state
    }

    private func turn(clockwise: Bool) async {
        guard case .presenting(_, let pixels) = state.picture, let sequence else { return }
        let before = photo.metadata?.orientation
        emit(.edit(.rotate(path: photo.path, clockwise: clockwise)))
        photo = sequence.photo(at: photo.path) ?? photo
        // The list turns only a photo whose orientation it knows.
        guard photo.metadata?.orientation != before else { return }
        let mine = generation
        let turned = await Task.detached(priority: .userInitiated) { pixels.turned(clockwise: clockwise) }.value
        guard mine == generation, case .presenting = state.picture else { return }
        preloader.keep(turned, for: photo)
        fullResolution = nil
        publish(.presenting(photo, turned))
    }

    // MARK: Slideshows

    /// Plays a slideshow from the photo shown; returns once it stops (at
    /// the last photo, on `stopSlideshow`, when the photo is gone, or when
    /// the calling task is cancelled), leaving that photo shown.
    @discardableResult
    private func playSlideshow(every interval: Int) async -> State {
        publishChange { $0.slideshow = Slideshow(interval: max(1, interval)) }
        var waited = 0
        while let show = state.slideshow, !Task.isCancelled {
            try? await clock.sleep(for: .seconds(1))
            guard let current = state.slideshow, !Task.isCancelled else { break }
            if current.isPaused { continue }
            waited += 1
            guard waited >= show.interval else { continue }
            waited = 0
            guard nextExists else { break }
            await step(1)
        }
        guard state.slideshow != nil else { return state }
        return publishChange { $0.slideshow = nil }
    }

    /// Space: pauses the slideshow, or goes on with it.
    @discardableResult
    private func pauseSlideshow() -> State {
        publishChange { $0.slideshow?.isPaused.toggle() }
    }

    /// Seconds per photo from now on, in the slideshow playing and the
    /// next one.
    @discardableResult
    private func setSlideshowInterval(_ seconds: Int) -> State {
        publishChange { state in
            state.slideshowInterval = max(1, seconds)
            state.slideshow?.interval = state.slideshowInterval
        }
    }

    /// Escape: the slideshow ends on the photo shown.
    @discardableResult
    private func stopSlideshow() -> State {
        guard state.slideshow != nil else { return state }
        return publishChange { $0.slideshow = nil }
    }

    // MARK: Publishing

    /// Publishes `picture` with the rest of the state as it is, and the
    /// position of the photo now shown. Gone, the slideshow ends with it.
    @discardableResult
    private func publish(_ picture: State.Picture) -> State {
        // A decode that began before the photo's details were read (or
        // changed) ends with the photo as it was then: it is shown as it
        // is now.
        let picture = picture.photo?.path == photo.path ? showingPhoto(in: picture) : picture
        var new = state
        new.picture = picture
        if picture == .gone {
            new.position = State.Position()
            new.slideshow = nil
        } else {
            new.position = Self.position(of: photo, in: sequence)
        }
        // The exposure read and the marks made are those of the pixels
        // shown: other pixels (another photo, a size, a turn) drop them.
        let pixels: PixelData? = if case .presenting(_, let pixels) = picture { pixels } else { nil }
        let same = pixels.flatMap { shown in analysed.map { shown.isSameStorage(as: $0) } } ?? false
        if !same {
            new.exposure = nil
            new.markedPixels = nil
            analysed = nil
        }
        // The focus goes with the photo presented, and the shape of its pixels.
        new.focus = pixels.flatMap { pixels in
            picture.photo.map { FocusShown($0, width: pixels.width, height: pixels.height) }
        }
        new.sharpness = picture.photo.flatMap { sequence?.sharpnessRank(of: $0) }
        publish(new)
        if !same, let pixels { analyse(pixels) }
        return state
    }

    // MARK: Exposure

    /// The marks the window shows over the photo.
    private var wantedMarks: PixelMarks {
        var marks: PixelMarks = []
        if state.showsClipping { marks.insert(.clipping) }
        if state.showsPeaking { marks.insert(.peaking) }
        return marks
    }

    /// Reads the exposure of the pixels shown (and makes the marks shown)
    /// off the main thread, when the window asks for either; a newer
    /// picture supersedes it.
    private func analyse(_ pixels: PixelData) {
        let marks = wantedMarks
        guard wantsExposure || !marks.isEmpty else { return }
        analysing?.cancel()
        analysed = pixels
        let sensor = wantsExposure ? sensorExposure(of: photo) : nil
        if wantsExposure { readSensorAhead() }
        analysing = tasks.start { [weak self] in
            let (read, marked) = await Task.detached(priority: .utility) {
                (pixels.exposure(), marks.isEmpty ? nil : pixels.marked(marks))
            }.value
            // A RAW's sensor data tells what it really clipped; the pixels
            // (its preview) what they show, where it has none.
            let exposure = await sensor?.value ?? read
            guard let self, !Task.isCancelled, let analysed, analysed.isSameStorage(as: pixels) else { return }
            markedWith = marks
            publishChange {
                $0.exposure = exposure
                $0.markedPixels = marked
            }
        }
    }

    /// Whether the exposure is read: for the properties, or the histogram
    /// over the photo.
    private var wantsExposure: Bool { exposureWanted || state.showsHistogram }

    /// The RAW file of `photo` (its own, or its pair's), if it is one.
    private static func rawFile(of photo: Photo) -> String? {
        photo.raw ?? (PhotoFormat.isRaw(photo.path) ? photo.path : nil)
    }

    /// The reading of `photo`'s sensor data, started once and kept while
    /// it is the photo shown or a neighbour; nil for a photo with no RAW.
    private func sensorExposure(of photo: Photo) -> Task<Exposure?, Never>? {
        guard let raw = Self.rawFile(of: photo) else { return nil }
        if let reading = sensorExposures[raw] { return reading }
        let readSensor = self.readSensor
        let reading = Task { await readSensor(raw) }
        sensorExposures[raw] = reading
        return reading
    }

    /// The neighbours' sensor data read ahead, so the exposure of the
    /// next photo is there when it is; those further away are let go.
    private func readSensorAhead() {
        let near = [photo] + [1, -1].compactMap { sequence?.neighbour(of: photo.path, offset: $0) }
        for neighbour in near.dropFirst() { _ = sensorExposure(of: neighbour) }
        let kept = Set(near.compactMap(Self.rawFile))
        for (path, reading) in sensorExposures where !kept.contains(path) {
            reading.cancel()
            sensorExposures[path] = nil
        }
    }

    /// What the window wants of the pixels changed: analysed again when
    /// something wanted is not there yet.
    private func exposureWishesChanged() {
        guard case .presenting(_, let pixels) = state.picture else { return }
        let marks = wantedMarks
        let lacking = (wantsExposure && state.exposure == nil)
            || (!marks.isEmpty && (state.markedPixels == nil || markedWith != marks))
        if lacking {
            analysed = nil
            analyse(pixels)
        }
    }

    /// "Show Clipping" or "Focus Peaking" on or off: the marks come with
    /// the state; with none left, the photo shows as it is.
    private func show(_ mark: PixelMarks, _ on: Bool) {
        let now = mark == .clipping ? state.showsClipping : state.showsPeaking
        guard on != now else { return }
        publishChange {
            if mark == .clipping { $0.showsClipping = on } else { $0.showsPeaking = on }
            if !$0.showsClipping, !$0.showsPeaking { $0.markedPixels = nil }
        }
        exposureWishesChanged()
    }

    /// Publishes a change to what goes with the picture (the slideshow,
    /// auto-advance). Once gone nothing changes: the window is closing.
    @discardableResult
    private func publishChange(_ change: (inout State) -> Void) -> State {
        guard !state.isGone else { return state }
        var new = state
        change(&new)
        return publish(new)
    }

    /// Where `photo` is in `sequence`'s order, as the state tells it.
    private static func position(of photo: Photo, in sequence: (any PhotoSequence)?) -> State.Position {
        State.Position(hasPrevious: sequence?.neighbour(of: photo.path, offset: -1) != nil,
                       hasNext: sequence?.neighbour(of: photo.path, offset: 1) != nil,
                       place: sequence?.place(of: photo.path).map { State.Place(index: $0.index, count: $0.count) })
    }
}

/// A slideshow in a photo window: the next photo of the list it steps
/// through (its order and filter) every few seconds, until the last one,
/// a stop, or the window closing.
public struct Slideshow: Equatable, Sendable {
    /// Seconds each photo shows.
    public var interval: Int
    public var isPaused = false

    public init(interval: Int) { self.interval = interval }
}
