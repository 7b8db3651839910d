import Foundation
import Imaging

/// Where a photo window finds its neighbours and saves ratings: the list
/// of the main window that opened it, in that window's current order.
@MainActor
public protocol PhotoBrowsing: AnyObject {
    func photo(at path: String) -> Photo?
    func neighbour(of path: String, offset: Int) -> Photo?
    /// Where the photo is in the list (from 0), and how many it holds.
    func place(of path: String) -> (index: Int, count: Int)?
    func setRating(path: String, stars: Int)
}

/// What a photo window does, without GTK: decoding the photo off the main
/// thread, stepping to the previous or next photo, rating, and leaving a
/// photo that left the folder. One method per user action; each answers
/// with the new state, and `onChange` hears every state (the loading one
/// before a decode ends too).
@MainActor
public final class PhotoViewerLogic {
    public enum State: Equatable, Sendable {
        case loading(Photo)
        case presenting(Photo, PixelData)
        /// The photo cannot be shown; the reason says why.
        case failed(Photo, String)
        /// No photo is left to show: the window closes.
        case gone
    }

    /// The largest side decoded for viewing; bigger photos are scaled down
    /// while decoding (100% zoom then shows this size). 6144 px keeps a
    /// 24-megapixel camera's photos whole at under 100 MB of pixels.
    public nonisolated static let maxDecodedSize = 6144

    public private(set) var state: State
    public var onChange: (State) -> Void = { _ in }
    /// The photo shown (the last one, once gone).
    public private(set) var photo: Photo
    private weak var browsing: PhotoBrowsing?
    /// Bumped by each decode: a newer one (the next photo) wins.
    private var generation = 0
    private let decoders: DecoderPool

    public init(photo: Photo, browsing: PhotoBrowsing?, decoders: DecoderPool = .shared) {
        self.photo = photo
        self.browsing = browsing
        self.decoders = decoders
        state = .loading(photo)
    }

    /// Where the photo shown is among those the window steps through.
    public var place: (index: Int, count: Int)? { state == .gone ? nil : browsing?.place(of: photo.path) }

    public var hasNext: Bool { state != .gone && browsing?.neighbour(of: photo.path, offset: 1) != nil }
    public var hasPrevious: Bool { state != .gone && browsing?.neighbour(of: photo.path, offset: -1) != nil }

    // MARK: Actions

    /// Decodes the current photo: `.loading` at once, then the result.
    @discardableResult
    public func load() async -> State {
        generation += 1
        let mine = generation
        let photo = self.photo
        neighbours = (browsing?.neighbour(of: photo.path, offset: 1), browsing?.neighbour(of: photo.path, offset: -1))
        publish(.loading(photo))
        let path = photo.path, decoders = self.decoders
        let result = await Task.detached(priority: .userInitiated) { () -> Result<PixelData, ImageError> in
            do throws(ImageError) {
                // A cut-off file is refused as damaged by the decoder; a
                // decoder that crashes or hangs on it is a reason too.
                // Ahead of queued thumbnails: someone is looking at it.
                // Laid out as GDK keeps textures, by the decoder, so the
                // pixels are not gone over again here or on every frame.
                return .success(try decoders.decodeForDisplay(path: path, maxSize: PhotoViewerLogic.maxDecodedSize,
                                                              priority: .interactive))
            } catch {
                return .failure(error)
            }
        }.value
        guard mine == generation else { return state }
        switch result {
        case .success(let pixels): return publish(.presenting(photo, pixels))
        case .failure(let error): return publish(.failed(photo, error.message))
        }
    }

    /// Shows the photo `offset` places away in the list's order; at either
    /// end nothing changes.
    @discardableResult
    public func step(_ offset: Int) async -> State {
        guard state != .gone, let next = browsing?.neighbour(of: photo.path, offset: offset) else { return state }
        photo = next
        return await load()
    }

    /// Rates the photo (1…5 stars; 0 clears, -1 rejects); the list saves
    /// it.
    @discardableResult
    public func rate(_ stars: Int) -> State {
        guard state != .gone else { return state }
        browsing?.setRating(path: photo.path, stars: stars)
        photo = browsing?.photo(at: photo.path) ?? photo
        switch state {
        case .loading: return publish(.loading(photo))
        case .presenting(_, let pixels): return publish(.presenting(photo, pixels))
        case .failed(_, let reason): return publish(.failed(photo, reason))
        case .gone: return state
        }
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
        guard state != .gone, browsing?.photo(at: photo.path) == nil else { return state }
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

    @discardableResult
    private func publish(_ new: State) -> State {
        state = new
        onChange(new)
        return new
    }
}

extension PhotoListLogic: PhotoBrowsing {
    public func place(of path: String) -> (index: Int, count: Int)? {
        let photos = visiblePhotos
        return photos.firstIndex { $0.path == path }.map { ($0, photos.count) }
    }

    public func setRating(path: String, stars: Int) {
        _ = rate(path: path, stars: stars)
    }
}
