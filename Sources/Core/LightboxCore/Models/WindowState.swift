import Foundation

/// The main window's size, maximized state and side panel, remembered
/// between runs.
public struct WindowState: Codable, Equatable, Sendable {
    static let minimumWidth = 360
    static let minimumHeight = 294
    public static let standard = WindowState(width: 1000, height: 700, isMaximized: false)

    public var width: Int
    public var height: Int
    public var isMaximized: Bool
    /// Whether the person wants the side panel (F9). Shown at first, as
    /// Files and gThumb show theirs: a newcomer sees the folders beside the
    /// photos. A narrow window leaves it out whatever this says.
    public var showsSidebar: Bool

    public init(width: Int, height: Int, isMaximized: Bool, showsSidebar: Bool = true) {
        self.width = width
        self.height = height
        self.isMaximized = isMaximized
        self.showsSidebar = showsSidebar
    }

    private enum CodingKeys: String, CodingKey {
        case width, height, isMaximized, showsSidebar
    }

    /// `window-state.json`, which versions before the settings wrote,
    /// has no side panel: it is shown, as for anyone new.
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        self.init(width: try values.decode(Int.self, forKey: .width),
                  height: try values.decode(Int.self, forKey: .height),
                  isMaximized: try values.decode(Bool.self, forKey: .isMaximized),
                  showsSidebar: try values.decodeIfPresent(Bool.self, forKey: .showsSidebar) ?? true)
    }

    /// The state with a size no window could sensibly have replaced by the
    /// standard one (a corrupt or hand-edited file).
    var sanitized: WindowState {
        let sane = (Self.minimumWidth...16_384).contains(width) && (Self.minimumHeight...16_384).contains(height)
        return sane ? self : WindowState(width: Self.standard.width, height: Self.standard.height,
                                         isMaximized: isMaximized, showsSidebar: showsSidebar)
    }
}
