import Foundation
import Imaging
import Localization

/// Where a photo window finds its neighbours and saves ratings: the list
/// of the main window that opened it, in that window's current order.
@MainActor
public protocol PhotoBrowsing: AnyObject {
    func photo(at path: String) -> Photo?
    func neighbour(of path: String, offset: Int) -> Photo?
    /// Where the photo is in the list (from 0), and how many it holds.
    func place(of path: String) -> (index: Int, count: Int)?
    /// What the list answers an action with (its new state, for the
    /// list's own window); a photo window only needs the action done.
    associatedtype Answer
    /// The list's own actions, under their own names (a photo window's
    /// rating is the list's rating).
    @discardableResult
    func rate(path: String, stars: Int) -> Answer
    @discardableResult
    func rotate(path: String, clockwise: Bool) -> Answer
    /// Makes a label, keyword, title or caption change on the photo.
    func tag(_ edit: TagEdit, path: String)
    /// Keywords to offer while one is typed (see `PhotoListLogic.knownKeywords`).
    var knownKeywords: [Keyword] { get }
}

/// What a photo window does, without GTK: decoding the photo off the main
/// thread, stepping to the previous or next photo, rating, and leaving a
/// photo that left the folder, slideshows. One method per user action;
/// each answers with the new state (see PhotoViewerLogic+State), and
/// `onChange` hears every state (the loading one before a decode ends too).
@MainActor
public final class PhotoViewerLogic: StatePublishing {
    /// The largest side decoded for viewing; bigger photos are scaled down
    /// while decoding (100% zoom then shows this size). 6144 px keeps a
    /// 24-megapixel camera's photos whole at under 100 MB of pixels.
    package nonisolated static let maxDecodedSize = 6144

    public let output: StateOutput<State>
    /// The photo shown (the last one, once gone).
    public internal(set) var photo: Photo
    weak var browsing: (any PhotoBrowsing)?
    /// Bumped by each decode: a newer one (the next photo) wins.
    var generation = 0
    /// The last turn asked for (see PhotoViewerLogic+Rotation).
    var lastRotation: Task<Void, Never>?
    /// The photo decoded in full (asked for, or shown), if any.
    var fullResolution: String?
    /// The neighbours, decoded ahead (see `PhotoPreloader`).
    let preloader: PhotoPreloader
    private let decode: PhotoPreloader.Decode
    /// What the slideshow counts its seconds by.
    let clock: any Clock<Duration>

    /// - Parameters:
    ///   - decode: decodes a photo to fit a square (the sandboxed decoders,
    ///     ahead of thumbnails: someone is looking).
    ///   - clock: the slideshow's seconds; tests pass one they move by hand.
    public init(photo: Photo, browsing: (any PhotoBrowsing)?, displaySide: Int = 2560,
                decode: @escaping PhotoPreloader.Decode = PhotoViewerLogic.decoding(with: .shared),
                clock: any Clock<Duration> = ContinuousClock()) {
        self.photo = photo
        self.browsing = browsing
        self.decode = decode
        self.clock = clock
        preloader = PhotoPreloader(side: displaySide, decode: decode)
        output = StateOutput(State(picture: .loading(photo), position: Self.position(of: photo, in: browsing)))
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

    /// The largest side the window shows photos at, in device pixels:
    /// photos are decoded to fit it (and in full for zooming in).
    public var displaySide: Int {
        get { preloader.side }
        set { preloader.side = newValue }
    }

    /// Whether the list has a photo after the one shown, asked now: the
    /// list may have changed since the last state was published.
    var nextExists: Bool { !state.isGone && browsing?.neighbour(of: photo.path, offset: 1) != nil }

    // MARK: Actions

    /// Shows the current photo: at once when it was decoded ahead (at
    /// another size while it is decoded again: see
    /// `PhotoPreloader.standIn`), else `.loading` first, then the result
    /// once the preloader, which decodes the shown photo first, has it. Its
    /// neighbours are decoded next.
    @discardableResult
    public func load() async -> State {
        generation += 1
        let mine = generation
        let photo = self.photo
        fullResolution = nil
        neighbours = (browsing?.neighbour(of: photo.path, offset: 1), browsing?.neighbour(of: photo.path, offset: -1))
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
    public func setViewport(width: Int, height: Int) async -> State {
        guard !state.isGone, preloader.viewport?.width != width || preloader.viewport?.height != height
        else { return state }
        preloader.viewport = (width, height)
        fullResolution = nil
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

    /// Decodes the photo shown in full (up to `maxDecodedSize`), for
    /// zooming in past the window's size; nothing when it already is.
    @discardableResult
    public func loadFullResolution() async -> State {
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
        let next = (1...preloader.ahead).compactMap { browsing?.neighbour(of: photo.path, offset: $0) }
        let previous = (1...preloader.behind).compactMap { browsing?.neighbour(of: photo.path, offset: -$0) }
        preloader.focus(on: photo, previous: previous, next: next)
    }

    /// Shows the photo `offset` places away in the list's order; at either
    /// end nothing changes.
    @discardableResult
    public func step(_ offset: Int) async -> State {
        guard !state.isGone, let next = browsing?.neighbour(of: photo.path, offset: offset) else { return state }
        photo = next
        return await load()
    }

    /// Rates the photo (1…5 stars; 0 clears, -1 rejects); the list saves
    /// it.
    @discardableResult
    public func rate(_ stars: Int) -> State {
        guard !state.isGone else { return state }
        browsing?.rate(path: photo.path, stars: stars)
        photo = browsing?.photo(at: photo.path) ?? photo
        return publish(showingPhoto(in: state.picture))
    }

    /// 6–9: gives the photo `label`, or takes it away when it has it.
    @discardableResult
    public func toggleLabel(_ label: ColorLabel) -> State {
        tag(TagEdit(label: .some(photo.tags.label == label ? nil : label)))
    }

    /// Sets the title ("" takes it away), as typed in the properties.
    @discardableResult
    public func setTitle(_ title: String) -> State {
        guard photo.tags.title != PhotoTags.nonBlank(title) else { return state }
        return tag(TagEdit(title: title))
    }

    /// Sets the caption ("" takes it away).
    @discardableResult
    public func setCaption(_ caption: String) -> State {
        guard photo.tags.caption != PhotoTags.nonBlank(caption) else { return state }
        return tag(TagEdit(caption: caption))
    }

    /// Adds a keyword typed in the properties ("Places|Brittany" for one
    /// in a hierarchy); nothing for blank text.
    @discardableResult
    public func addKeyword(_ text: String) -> State {
        guard let keyword = Keyword(text), !photo.tags.keywords.contains(keyword) else { return state }
        return tag(TagEdit(adding: [keyword]))
    }

    @discardableResult
    public func removeKeyword(_ keyword: Keyword) -> State {
        guard photo.tags.keywords.contains(keyword) else { return state }
        return tag(TagEdit(removing: [keyword]))
    }

    /// Keywords to offer while one is typed.
    public var knownKeywords: [Keyword] { browsing?.knownKeywords ?? [] }

    private func tag(_ edit: TagEdit) -> State {
        guard !state.isGone else { return state }
        browsing?.tag(edit, path: photo.path)
        photo = browsing?.photo(at: photo.path) ?? photo
        return publish(showingPhoto(in: state.picture))
    }

    /// The list learnt something new of the photo shown (another program
    /// rated it, in the file or a sidecar): the window shows it.
    @discardableResult
    public func photoChanged() -> State {
        guard !state.isGone, let fresh = browsing?.photo(at: photo.path), fresh != photo else { return state }
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
    public func setAdvancesAfterRating(_ on: Bool) -> State {
        publishChange { $0.advancesAfterRating = on }
    }

    /// A decision on the photo (1…5 stars, 0 clears, -1 rejects, nil
    /// toggles the rejection), then the next photo when advancing.
    @discardableResult
    public func decide(_ stars: Int?) async -> State {
        if let stars { rate(stars) } else { toggleRejected() }
        guard state.advancesAfterRating, nextExists else { return state }
        return await step(1)
    }

    /// Rejects the photo, or takes a rejection back (it is then unrated).
    @discardableResult
    public func toggleRejected() -> State {
        rate(photo.isRejected ? 0 : Photo.rejected)
    }

    /// The photo left the folder (trashed here or elsewhere): the next one
    /// shows, else the previous one, else nothing is left.
    @discardableResult
    public func photoRemoved() async -> State {
        guard !state.isGone, browsing?.photo(at: photo.path) == nil else { return state }
        // The list no longer knows where the photo was: its neighbours
        // were noted when it was shown.
        guard let next = [neighbours.next, neighbours.previous].compactMap({ $0 })
            .first(where: { browsing?.photo(at: $0.path) != nil }) else {
            generation += 1
            return publish(.gone)
        }
        photo = next
        return await load()
    }

    /// The photos either side of the one shown, noted when it is loaded.
    private var neighbours: (next: Photo?, previous: Photo?) = (nil, nil)

    // MARK: Publishing

    /// Publishes `picture` with the rest of the state as it is, and the
    /// position of the photo now shown. Gone, the slideshow ends with it.
    @discardableResult
    func publish(_ picture: State.Picture) -> State {
        var new = state
        new.picture = picture
        if picture == .gone {
            new.position = State.Position()
            new.slideshow = nil
        } else {
            new.position = Self.position(of: photo, in: browsing)
        }
        return publish(new)
    }

    /// Publishes a change to what goes with the picture (the slideshow,
    /// auto-advance). Once gone nothing changes: the window is closing.
    @discardableResult
    func publishChange(_ change: (inout State) -> Void) -> State {
        guard !state.isGone else { return state }
        var new = state
        change(&new)
        return publish(new)
    }

    /// Where `photo` is in `browsing`'s order, as the state tells it.
    private static func position(of photo: Photo, in browsing: (any PhotoBrowsing)?) -> State.Position {
        State.Position(hasPrevious: browsing?.neighbour(of: photo.path, offset: -1) != nil,
                       hasNext: browsing?.neighbour(of: photo.path, offset: 1) != nil,
                       place: browsing?.place(of: photo.path).map { State.Place(index: $0.index, count: $0.count) })
    }
}
