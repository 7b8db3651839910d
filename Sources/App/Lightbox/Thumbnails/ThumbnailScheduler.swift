import GtkKit
import LightboxCore

/// Where thumbnails come from: `ThumbnailTextures` in the app; tests give
/// one that takes its time or counts requests.
@MainActor
protocol ThumbnailProviding: AnyObject {
    /// The thumbnail (or why there is none) when it is in memory, at once.
    func cached(_ source: ThumbnailSource) -> Result<Texture, ThumbnailError>?
    /// Loads the thumbnail off the main thread; throws when cancelled first.
    func texture(for source: ThumbnailSource,
                 priority: ThumbnailLoader.Priority) async throws(CancellationError) -> Result<Texture, ThumbnailError>
    /// Moves the queued loads of `sources` ahead of the others.
    func prioritize(_ sources: [ThumbnailSource])
}

extension ThumbnailTextures: ThumbnailProviding {}

/// Decides which thumbnails a grid loads and in what order. The grid says
/// which of its cells wait for a thumbnail, those on screen and those near
/// it; loads start for new ones at prefetch priority, those on screen are
/// promoted ahead of the rest, and loads for photos no longer wanted (their
/// cells scrolled away) are cancelled. Results arrive through
/// `onThumbnail`, on the main actor.
@MainActor
final class ThumbnailScheduler {
    typealias Thumbnail = Result<Texture, ThumbnailError>

    /// A thumbnail (or why there is none) for `photo`.
    var onThumbnail: (Photo, Thumbnail) -> Void = { _, _ in }

    private var provider: ThumbnailProviding
    private var loads: [ThumbnailSource: Task<Void, Never>] = [:]

    init(provider: ThumbnailProviding) {
        self.provider = provider
    }

    /// Thumbnails come from `provider` from now on (the grid's zoom level
    /// changed): loads from the one before are cancelled.
    func use(_ provider: ThumbnailProviding) {
        guard provider !== self.provider else { return }
        cancelAll()
        self.provider = provider
    }

    /// The thumbnail of `photo` if it is in memory (no load starts).
    func cached(_ photo: Photo) -> Thumbnail? { provider.cached(photo.thumbnailSource) }

    /// Photos loading now (tests watch it).
    var loading: Set<ThumbnailSource> { Set(loads.keys) }

    /// The photos whose cells wait for a thumbnail: on screen, and near
    /// it. Anything else loading is dropped.
    func want(onScreen: [Photo], nearby: [Photo]) {
        let wanted = Set((onScreen + nearby).map(\.thumbnailSource))
        for (source, task) in loads where !wanted.contains(source) {
            task.cancel()
            loads[source] = nil
        }
        for photo in onScreen + nearby where loads[photo.thumbnailSource] == nil {
            start(photo)
        }
        let visible = onScreen.map(\.thumbnailSource).filter { loads[$0] != nil }
        if !visible.isEmpty { provider.prioritize(visible) }
    }

    /// Stops every load (the window closes, another folder opens).
    func cancelAll() {
        for task in loads.values { task.cancel() }
        loads = [:]
    }

    private func start(_ photo: Photo) {
        let source = photo.thumbnailSource
        // Loads start as prefetch; `want` promotes the ones on screen.
        loads[source] = Task { [weak self, provider] in
            let result = try? await provider.texture(for: source, priority: .prefetch)
            guard let self, !Task.isCancelled else { return }
            // A load the provider gave up on is asked for again by the
            // grid's next visibility check.
            self.loads[source] = nil
            if let result { self.onThumbnail(photo, result) }
        }
    }
}

extension Photo {
    /// What the thumbnail cache needs to know of this photo.
    var thumbnailSource: ThumbnailSource {
        ThumbnailSource(path: path, modificationTime: modificationTime, fileSize: fileSize)
    }
}
