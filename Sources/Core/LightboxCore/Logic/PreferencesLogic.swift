import Foundation
import Localization

/// What the preferences window does, without GTK: shows the preferences
/// and keeps each choice in the settings, applying it at once.
@MainActor
public final class PreferencesLogic: ScreenLogic {
    public enum Intent: Sendable, Equatable {
        case ratingStorage(RatingStorage)
        case pairRawAndJPEG(Bool)
        case close
    }

    /// What the flow must do beyond the window.
    public enum Output: Sendable, Equatable {
        /// The main windows show pairs as one photo, or apart.
        case pairRawAndJPEGChanged(Bool)
        case closed
    }

    public enum State: Equatable, Sendable {
        case presenting(Preferences)
        /// The choice applies to this run, but could not be kept for the
        /// next: the reason says why.
        case failed(String, Preferences)
    }

    public let screen: Screen<State, Output>

    private let settings: AppSettings
    private let ratings: RatingQueue

    public init(settings: AppSettings, ratings: RatingQueue) {
        self.settings = settings
        self.ratings = ratings
        var preferences = settings.preferences
        // Where ratings go is the queue's (it is set at start from the settings).
        preferences.ratingStorage = ratings.storage
        screen = Screen(.presenting(preferences))
    }

    public func send(_ intent: Intent) {
        switch intent {
        case .ratingStorage(let storage): chooseRatingStorage(storage)
        case .pairRawAndJPEG(let on):
            pairRawAndJPEG(on)
            emit(.pairRawAndJPEGChanged(on))
        case .close: emit(.closed)
        }
    }

    /// Where ratings go from now on. GSettings takes the change in memory
    /// and writes it to disk on its own thread, so this does not wait.
    @discardableResult
    func chooseRatingStorage(_ storage: RatingStorage) -> State {
        ratings.storage = storage
        return keep { $0.ratingStorage = storage }
    }

    /// Whether a RAW and a JPEG of one shot show as one photo from now on
    /// (the main windows follow the settings).
    @discardableResult
    func pairRawAndJPEG(_ on: Bool) -> State {
        keep { $0.pairsRawAndJPEG = on }
    }

    /// Keeps the preferences as `change` leaves them.
    private func keep(_ change: (inout Preferences) -> Void) -> State {
        // The others as they are kept (a photo window may have changed one
        // since this window opened).
        var preferences = settings.preferences
        change(&preferences)
        let new: State
        if !settings.isKept {
            new = .failed(tr("This choice applies until Lightbox quits: settings cannot be kept on this system (Lightbox’s schema or the desktop’s settings service is missing)."),
                          preferences)
        } else if !settings.save(preferences) {
            new = .failed(tr("This choice applies until Lightbox quits: the setting cannot be changed (an administrator may have locked it)."),
                          preferences)
        } else {
            new = .presenting(preferences)
        }
        return publish(new)
    }
}
