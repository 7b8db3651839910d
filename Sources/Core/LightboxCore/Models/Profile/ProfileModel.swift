import Foundation

/// The one shared, observable profile: every window that shows the profile
/// observes it, and a save updates them all at once. It loads the profile
/// once (off the main thread) and hands the store to the logic that saves.
@MainActor
public final class ProfileModel {
    public enum Status: Equatable, Sendable {
        case notLoaded
        case loading
        case loaded
        /// Loading failed; the message says why. `load()` tries again.
        case failed(String)
    }

    public private(set) var status: Status = .notLoaded
    /// The saved profile; `Profile.empty` until loaded.
    public private(set) var profile: Profile = .empty
    /// What the person should know about the load (data moved aside, a
    /// photo that could not be read); nil when all went well.
    public private(set) var notice: String?

    let store: any ProfileStore
    let account: SystemAccount
    private var observers: [Int: @MainActor (Profile) -> Void] = [:]
    private var nextObserver = 0
    private var loading: Task<Void, Never>?

    public init(store: any ProfileStore, account: SystemAccount) {
        self.store = store
        self.account = account
    }

    /// Calls `body` with the profile now and after every change, until the
    /// token is cancelled or released.
    public func observe(_ body: @escaping @MainActor (Profile) -> Void) -> ObservationToken {
        let id = nextObserver
        nextObserver += 1
        observers[id] = body
        body(profile)
        return ObservationToken { [weak self] in self?.observers[id] = nil }
    }

    /// Loads the profile unless it is loaded; concurrent callers share one
    /// load. A first run starts from the system account (and `~/.face`).
    public func load() async {
        if status == .loaded { return }
        if let loading { return await loading.value }
        status = .loading
        let store = store, account = account
        let task = Task {
            let outcome = await Task.detached { Self.read(store, account) }.value
            switch outcome {
            case .success(let (profile, notice)):
                self.notice = notice
                self.status = .loaded
                self.publish(profile)
            case .failure(let error):
                self.status = .failed(error.message)
            }
        }
        loading = task
        await task.value
        loading = nil
    }

    /// Makes `profile` the saved profile everywhere (after the store saved it).
    func commit(_ profile: Profile) {
        status = .loaded
        publish(profile)
    }

    /// The notice was seen; stop showing it.
    public func dismissNotice() { notice = nil }

    private func publish(_ profile: Profile) {
        self.profile = profile
        for id in observers.keys.sorted() { observers[id]?(profile) }
    }

    private nonisolated static func read(
        _ store: any ProfileStore, _ account: SystemAccount
    ) -> Result<(Profile, String?), ProfileStoreError> {
        do {
            switch try store.load() {
            case .loaded(let profile, let notice):
                return .success((profile, notice))
            case .nothingSaved:
                return .success((defaults(account), nil))
            case .recovered(let notice):
                return .success((defaults(account), notice))
            }
        } catch {
            return .failure(error)
        }
    }

    /// The first run's profile: the account's name and `~/.face`, if it is
    /// an image.
    nonisolated static func defaults(_ account: SystemAccount) -> Profile {
        let face = account.faceImagePath.flatMap { try? AvatarImage.decode(path: $0) }
        return Profile(displayName: account.defaultDisplayName, avatar: face)
    }
}
