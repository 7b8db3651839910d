import GtkKit
import LightboxCore

/// The thumbnails grids show, as textures shared by every cell and window
/// showing the same photo. Each is made once from the loader's pixels,
/// which are not kept: a thumbnail is in memory once, in its texture. The
/// most recent ones stay, up to `memoryLimit` bytes, so scrolling back
/// shows them at once.
@MainActor
final class ThumbnailTextures {
    let loader: ThumbnailLoader
    /// The most bytes of textures kept.
    var memoryLimit: Int { memory.limit }
    private var memory: LRUCache<ThumbnailSource, Result<Texture, ThumbnailError>>

    init(loader: ThumbnailLoader, memoryLimit: Int) {
        self.loader = loader
        memory = LRUCache(limit: memoryLimit)
    }

    /// The thumbnail (or why there is none) when it is in memory, at once.
    func cached(_ source: ThumbnailSource) -> Result<Texture, ThumbnailError>? {
        memory.value(for: source)
    }

    /// The thumbnail of `source`, loaded off the main thread when it is not
    /// in memory. Throws `CancellationError` when the calling task is
    /// cancelled first.
    func texture(for source: ThumbnailSource,
                 priority: ThumbnailLoader.Priority) async throws(CancellationError) -> Result<Texture, ThumbnailError> {
        if let known = memory.value(for: source) { return known }
        let result: Result<Texture, ThumbnailError>
        do {
            let pixels = try await loader.thumbnail(for: source, priority: priority)
            result = .success(Texture(pixels))
        } catch let error as ThumbnailError {
            result = .failure(error)
        } catch {
            throw CancellationError()
        }
        memory.insert(result, for: source, cost: cost(of: result))
        return result
    }

    /// Moves the queued loads of `sources` ahead of the others.
    func prioritize(_ sources: [ThumbnailSource]) { loader.prioritize(sources) }

    /// Bytes held now; never above the limit.
    var memoryUsage: Int { memory.totalCost }

    private func cost(of result: Result<Texture, ThumbnailError>) -> Int {
        switch result {
        case .success(let texture): texture.width * texture.height * 4 + 64
        case .failure(let error): 256 + error.reason.utf8.count
        }
    }
}
