import Foundation

/// The main window's size and maximized state, remembered between runs.
public struct WindowState: Codable, Equatable, Sendable {
    static let minimumWidth = 360
    static let minimumHeight = 294
    public static let standard = WindowState(width: 1000, height: 700, isMaximized: false)

    public var width: Int
    public var height: Int
    public var isMaximized: Bool

    public init(width: Int, height: Int, isMaximized: Bool) {
        self.width = width
        self.height = height
        self.isMaximized = isMaximized
    }

    /// The state with a size no window could sensibly have replaced by the
    /// standard one (a corrupt or hand-edited file).
    var sanitized: WindowState {
        let sane = (Self.minimumWidth...16_384).contains(width) && (Self.minimumHeight...16_384).contains(height)
        return sane ? self : WindowState(width: Self.standard.width, height: Self.standard.height,
                                         isMaximized: isMaximized)
    }
}
