import Foundation

/// What the preferences window does, without GTK: shows the preferences
/// and saves each choice (off the main thread), applying it at once.
@MainActor
public final class PreferencesLogic {
    public enum State: Equatable, Sendable {
        case presenting(Preferences)
        /// The choice applies to this run, but could not be saved for the
        /// next: the reason says why.
        case failed(String, Preferences)
    }

    public private(set) var state: State
    public var onChange: (State) -> Void = { _ in }

    private let store: PreferencesStore
    private let ratings: RatingQueue
    private var preferences: Preferences

    /// - Parameter current: the preferences in force (read at start-up).
    public init(store: PreferencesStore, ratings: RatingQueue, current: Preferences) {
        self.store = store
        self.ratings = ratings
        preferences = current
        state = .presenting(current)
    }

    /// Where ratings go from now on.
    @discardableResult
    public func chooseRatingStorage(_ storage: RatingStorage) async -> State {
        preferences.ratingStorage = storage
        ratings.storage = storage
        let store = self.store
        let saved = await Task.detached { () -> String? in
            // The others as they are on disk (a photo window may have
            // changed one since this window opened).
            var saved = store.load()
            saved.ratingStorage = storage
            do throws(AtomicFile.WriteError) { try store.save(saved) } catch { return error.message }
            return nil
        }.value
        let new: State = saved.map { .failed("The preferences could not be saved: \($0)", preferences) }
            ?? .presenting(preferences)
        state = new
        onChange(new)
        return new
    }
}
