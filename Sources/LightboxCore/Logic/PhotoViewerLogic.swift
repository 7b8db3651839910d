import Foundation
import Imaging

/// Where a photo window finds its neighbours and saves ratings: the list
/// of the main window that opened it, in that window's current order.
@MainActor
public protocol PhotoBrowsing: AnyObject {
    func photo(at path: String) -> Photo?
    func neighbour(of path: String, offset: Int) -> Photo?
    func setRating(path: String, stars: Int)
}

/// What a photo window does, without GTK: decoding the photo off the main
/// thread, stepping to the previous or next photo, rating.
@MainActor
public final class PhotoViewerLogic {
    public enum State: Equatable, Sendable {
        case loading(Photo)
        case presenting(Photo, PixelData)
        /// The photo cannot be shown; the reason says why.
        case failed(Photo, String)
        /// The photo is no longer in the folder.
        case gone
    }

    /// The largest side decoded for viewing; bigger photos are scaled down
    /// while decoding (100% zoom then shows this size). 6144 px keeps a
    /// 24-megapixel camera's photos whole at under 100 MB of pixels.
    public nonisolated static let maxDecodedSize = 6144

    public private(set) var state: State
    public private(set) var photo: Photo
    private weak var browsing: PhotoBrowsing?
    private var generation = 0
    private let decoders: DecoderPool

    public init(photo: Photo, browsing: PhotoBrowsing?, decoders: DecoderPool = .shared) {
        self.photo = photo
        self.browsing = browsing
        self.decoders = decoders
        state = .loading(photo)
    }

    /// Decodes the current photo. Answers `.loading` at once through
    /// `onChange`, then the result.
    public func load(onChange: (State) -> Void = { _ in }) async -> State {
        generation += 1
        let mine = generation
        let photo = self.photo
        state = .loading(photo)
        onChange(state)
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
        case .success(let pixels): state = .presenting(photo, pixels)
        case .failure(let error): state = .failed(photo, error.message)
        }
        return state
    }

    public var hasNext: Bool { browsing?.neighbour(of: photo.path, offset: 1) != nil }
    public var hasPrevious: Bool { browsing?.neighbour(of: photo.path, offset: -1) != nil }

    /// Moves to the photo `offset` places away in the list's order; nil at
    /// either end (the state is unchanged).
    public func step(_ offset: Int) -> Photo? {
        guard let next = browsing?.neighbour(of: photo.path, offset: offset) else { return nil }
        photo = next
        state = .loading(next)
        return next
    }

    /// Rates the photo; the list saves it. Returns the updated photo.
    @discardableResult
    public func rate(_ stars: Int) -> Photo {
        browsing?.setRating(path: photo.path, stars: stars)
        photo = browsing?.photo(at: photo.path) ?? photo
        return photo
    }

    /// Picks up changes made elsewhere (a rating from another window).
    /// Returns false when the photo is gone from the list.
    public func refresh() -> Bool {
        guard let browsing else { return true }
        guard let current = browsing.photo(at: photo.path) else {
            state = .gone
            return false
        }
        photo = current
        return true
    }
}

extension PhotoListLogic: PhotoBrowsing {
    public func setRating(path: String, stars: Int) {
        _ = rate(path: path, stars: stars)
    }
}
