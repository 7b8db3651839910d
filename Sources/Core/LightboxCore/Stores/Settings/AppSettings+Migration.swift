import Foundation

extension AppSettings {
    /// Moves what Lightbox kept in files of its own before it used
    /// GSettings (`preferences.json` in its config folder,
    /// `window-state.json` in its state folder) into the settings, and
    /// removes the files. A key set since (by Lightbox or by the person)
    /// keeps its value, so running it again, or after a failed removal,
    /// changes nothing. Does nothing when the settings are not kept, so
    /// the files stay until they can be moved.
    public func migrateFiles(in directories: XDGDirectories) {
        guard isKept else { return }
        let preferencesFile = directories.lightbox(\.configHome).appendingPathComponent("preferences.json")
        if let data = try? Data(contentsOf: preferencesFile) {
            if let old = try? JSONDecoder().decode(Preferences.self, from: data) {
                var merged = preferences
                if !isSet("rating-storage") { merged.ratingStorage = old.ratingStorage }
                if !isSet("advance-after-rating") { merged.advancesAfterRating = old.advancesAfterRating }
                save(merged)
            }
            try? FileManager.default.removeItem(at: preferencesFile)
        }
        let windowFile = directories.lightbox(\.stateHome).appendingPathComponent("window-state.json")
        if let data = try? Data(contentsOf: windowFile) {
            if let old = try? JSONDecoder().decode(WindowState.self, from: data),
               !isSet("window-width"), !isSet("window-height"), !isSet("window-maximized") {
                save(old)
            }
            try? FileManager.default.removeItem(at: windowFile)
        }
    }
}
