import CGio
import CSettings
import Foundation

/// The person's preferences and what Lightbox remembers between runs (the
/// main window's size, the sort order, the filters), in GSettings under
/// `org.lightboxphotos.Lightbox`, where `gsettings` and dconf-editor see
/// and change them.
///
/// GSettings may be used from any thread (its reads and writes take its own
/// lock; a change is written to dconf asynchronously), hence `Sendable`.
public final class AppSettings: @unchecked Sendable {
    public static let schemaID = AppInfo.id

    /// Nil when the schema is neither in the build nor installed: Lightbox
    /// then runs with the standard values and keeps nothing.
    private let settings: UnsafeMutablePointer<GSettings>?
    /// Whether what is set is kept for the next run (see `isKept`).
    private let persistent: Bool

    /// Where the values are kept.
    public enum Backend: Sendable {
        /// The desktop's settings (dconf), where `gsettings` sees them.
        case desktop
        /// Nowhere: nothing is read from or kept for another run (tests).
        case memory
        /// A key file at this path, as `GSETTINGS_BACKEND=keyfile` keeps
        /// them in `$XDG_CONFIG_HOME/glib-2.0/settings/keyfile` (tests).
        case keyfile(String)
    }

    /// - Parameter schemaDirectory: a folder with a compiled schema to
    ///   prefer to the installed ones (a build folder's, see
    ///   `buildSchemaDirectory`).
    public convenience init(schemaDirectory: String? = buildSchemaDirectory(), backend: Backend = .desktop) {
        self.init(schemaID: Self.schemaID, schemaDirectory: schemaDirectory, backend: backend)
    }

    init(schemaID: String, schemaDirectory: String?, backend: Backend) {
        var kept: gboolean = 0
        settings = switch backend {
        case .desktop: lb_settings_open(schemaID, schemaDirectory, LB_SETTINGS_DESKTOP, nil, &kept)
        case .memory: lb_settings_open(schemaID, schemaDirectory, LB_SETTINGS_MEMORY, nil, &kept)
        case .keyfile(let path): lb_settings_open(schemaID, schemaDirectory, LB_SETTINGS_KEYFILE, path, &kept)
        }
        persistent = settings != nil && kept != 0
    }

    deinit {
        if let settings { g_object_unref(settings) }
    }

    /// The schema a build compiles (`make` puts it in `.build/schemas`),
    /// found from the running program in `.build/debug` (a link to
    /// `.build/x86_64-unknown-linux-gnu/debug`); nil for an installed one.
    public static func buildSchemaDirectory(executable: String = Bundle.main.executablePath ?? "") -> String? {
        let folder = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        return ["../schemas", "../../schemas"]
            .map { folder.appendingPathComponent($0).standardizedFileURL.path }
            .first { FileManager.default.fileExists(atPath: $0 + "/gschemas.compiled") }
    }

    /// Whether what is set is kept for the next run: the schema was found,
    /// and the settings are on disk (not in memory, as in tests or where
    /// the desktop's backend is missing).
    public var isKept: Bool { persistent }

    /// Whether the values come from the schema (else the standard ones).
    var hasSchema: Bool { settings != nil }

    /// Writes what is still on its way to the settings daemon; called when
    /// the app quits, whose last changes would otherwise be lost.
    public func sync() {
        if hasSchema { g_settings_sync() }
    }

    // MARK: Preferences

    public var preferences: Preferences {
        guard hasSchema else { return .standard }
        return Preferences(ratingStorage: choice("rating-storage", Nicks.ratingStorage, or: .photoFiles),
                           advancesAfterRating: bool("advance-after-rating"),
                           pairsRawAndJPEG: bool("pair-raw-and-jpeg"))
    }

    /// False when the settings refuse the change (an administrator locked
    /// the key) or are not kept.
    @discardableResult
    public func save(_ preferences: Preferences) -> Bool {
        set(preferences.ratingStorage, "rating-storage", Nicks.ratingStorage)
            && set(bool: preferences.advancesAfterRating, "advance-after-rating")
            && set(bool: preferences.pairsRawAndJPEG, "pair-raw-and-jpeg")
    }

    // MARK: The main window

    public var windowState: WindowState {
        guard hasSchema else { return .standard }
        return WindowState(width: int("window-width"), height: int("window-height"),
                           isMaximized: bool("window-maximized"), showsSidebar: bool("sidebar-shown")).sanitized
    }

    @discardableResult
    public func save(_ state: WindowState) -> Bool {
        let state = state.sanitized
        return set(int: state.width, "window-width") && set(int: state.height, "window-height")
            && set(bool: state.isMaximized, "window-maximized") && set(bool: state.showsSidebar, "sidebar-shown")
    }

    // MARK: Sort order, filters and zoom

    public var order: PhotoOrder {
        guard hasSchema else { return .standard }
        return PhotoOrder(choice("sort-key", Nicks.sortKey, or: .dateTaken), ascending: bool("sort-ascending"))
    }

    @discardableResult
    public func save(_ order: PhotoOrder) -> Bool {
        set(order.key, "sort-key", Nicks.sortKey) && set(bool: order.ascending, "sort-ascending")
    }

    /// The filter a new window starts with: the rating, label and file
    /// filters (`PhotoFilter.kept`); a search, a keyword, a camera and days
    /// belong to a folder and are not kept.
    public var filter: PhotoFilter {
        guard hasSchema else { return PhotoFilter() }
        return PhotoFilter(minimumRating: int("minimum-rating"),
                           rejected: choice("rejected-photos", Nicks.rejected, or: .shown),
                           labels: Set(strings("label-filter").compactMap(ColorLabel.init(xmpName:))),
                           kind: choice("file-kind-filter", Nicks.fileKind, or: nil))
    }

    @discardableResult
    public func save(_ filter: PhotoFilter) -> Bool {
        set(int: filter.minimumRating, "minimum-rating") && set(filter.rejected, "rejected-photos", Nicks.rejected)
            && set(strings: filter.labels.sorted().map(\.rawValue), "label-filter")
            && set(filter.kind, "file-kind-filter", Nicks.fileKind)
    }

    /// The keywords added last, the latest first: offered first while one
    /// is typed, in every window.
    public var recentKeywords: [Keyword] {
        guard hasSchema else { return [] }
        return strings("recent-keywords").compactMap(Keyword.init)
    }

    @discardableResult
    public func save(recentKeywords: [Keyword]) -> Bool {
        set(strings: recentKeywords.map(\.path), "recent-keywords")
    }

    /// Whether a window shows the photos of the folders inside the one it
    /// opens (a new window starts as the last was left).
    public var includesSubfolders: Bool {
        guard hasSchema else { return true }
        return bool("include-subfolders")
    }

    @discardableResult
    public func save(includingSubfolders on: Bool) -> Bool { set(bool: on, "include-subfolders") }

    /// "Show Clipping" (J): photo windows mark the clipped highlights and
    /// the deep shadows over the photo.
    public var showsClipping: Bool {
        guard hasSchema else { return false }
        return bool("show-clipping")
    }

    @discardableResult
    public func save(showingClipping on: Bool) -> Bool { set(bool: on, "show-clipping") }

    /// "Focus Peaking" (P): photo windows mark the sharp edges.
    public var showsPeaking: Bool {
        guard hasSchema else { return false }
        return bool("show-peaking")
    }

    @discardableResult
    public func save(showingPeaking on: Bool) -> Bool { set(bool: on, "show-peaking") }

    /// "Show Focus Point" (F): photo windows draw the camera's focus points.
    public var showsFocusPoints: Bool {
        guard hasSchema else { return false }
        return bool("show-focus-points")
    }

    @discardableResult
    public func save(showingFocusPoints on: Bool) -> Bool { set(bool: on, "show-focus-points") }

    /// "Show Histogram" (H): photo windows show the histogram over the photo.
    public var showsHistogram: Bool {
        guard hasSchema else { return false }
        return bool("show-histogram")
    }

    @discardableResult
    public func save(showingHistogram on: Bool) -> Bool { set(bool: on, "show-histogram") }

    /// Folders opened lately, the latest first (at most ten).
    public var recentFolders: [String] {
        guard hasSchema else { return [] }
        return strings("recent-folders")
    }

    @discardableResult
    public func save(recentFolders: [String]) -> Bool {
        set(strings: Array(recentFolders.prefix(AppSettings.recentFolderLimit)), "recent-folders")
    }

    static let recentFolderLimit = 10

    /// The grid's zoom level a new window starts with.
    public var gridZoom: GridZoom {
        guard hasSchema else { return .standard }
        return choice("thumbnail-size", Nicks.gridZoom, or: .standard)
    }

    @discardableResult
    public func save(_ zoom: GridZoom) -> Bool { set(zoom, "thumbnail-size", Nicks.gridZoom) }

    /// Each enum key's values and the nicks the schema names them by
    /// (org.lightboxphotos.Lightbox.gschema.xml), both ways.
    private enum Nicks {
        static let ratingStorage: [(RatingStorage, String)] =
            [(.photoFiles, "photo-files"), (.sidecarsOnly, "sidecars-only"), (.lightboxOnly, "lightbox-only")]
        static let sortKey: [(PhotoOrder.Key, String)] =
            [(.name, "name"), (.dateTaken, "date-taken"), (.rating, "rating"), (.size, "size"), (.sharpness, "sharpness")]
        static let rejected: [(PhotoFilter.Rejected, String)] = [(.shown, "shown"), (.hidden, "hidden"), (.only, "only")]
        static let fileKind: [(PhotoFilter.FileKind?, String)] =
            [(nil, "any"), (.raw, "raw"), (.rawAndJPEG, "raw-and-jpeg"), (.noRaw, "no-raw")]
        static let gridZoom: [(GridZoom, String)] =
            [(.small, "small"), (.medium, "medium"), (.large, "large"), (.extraLarge, "extra-large")]
    }

    /// An enum key's value; `fallback` for a nick this version does not know.
    private func choice<Value>(_ key: String, _ nicks: [(Value, String)], or fallback: Value) -> Value {
        let nick = string(key)
        return nicks.first { $0.1 == nick }?.0 ?? fallback
    }

    private func set<Value: Equatable>(_ value: Value, _ key: String, _ nicks: [(Value, String)]) -> Bool {
        guard let nick = nicks.first(where: { $0.0 == value })?.1 else { return false }
        return set(string: nick, key)
    }

    // MARK: Keys

    /// Whether `key` holds a value that was set, rather than its default.
    func isSet(_ key: String) -> Bool {
        guard let settings else { return false }
        return lb_settings_is_set(settings, key) != 0
    }

    private func string(_ key: String) -> String {
        guard let settings, let value = g_settings_get_string(settings, key) else { return "" }
        defer { g_free(value) }
        return String(cString: value)
    }

    private func bool(_ key: String) -> Bool {
        settings.map { g_settings_get_boolean($0, key) != 0 } ?? false
    }

    private func int(_ key: String) -> Int {
        settings.map { Int(g_settings_get_int($0, key)) } ?? 0
    }

    private func strings(_ key: String) -> [String] {
        guard let settings, let values = g_settings_get_strv(settings, key) else { return [] }
        defer { g_strfreev(values) }
        var result: [String] = []
        var at = values
        while let value = at.pointee {
            result.append(String(cString: value))
            at += 1
        }
        return result
    }

    private func set(strings values: [String], _ key: String) -> Bool {
        guard let settings else { return false }
        var copies = values.map { strdup($0) }
        copies.append(nil)
        defer { copies.forEach { free($0) } }
        return copies.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                g_settings_set_strv(settings, key, $0) != 0
            }
        }
    }

    private func set(string value: String, _ key: String) -> Bool {
        settings.map { g_settings_set_string($0, key, value) != 0 } ?? false
    }

    private func set(bool value: Bool, _ key: String) -> Bool {
        settings.map { g_settings_set_boolean($0, key, value ? 1 : 0) != 0 } ?? false
    }

    /// The callers keep values in the schema's ranges (`WindowState.sanitized`,
    /// `PhotoFilter`'s clamping): GSettings refuses others with a warning.
    private func set(int value: Int, _ key: String) -> Bool {
        guard let settings, let value = Int32(exactly: value) else { return false }
        return g_settings_set_int(settings, key, value) != 0
    }
}
