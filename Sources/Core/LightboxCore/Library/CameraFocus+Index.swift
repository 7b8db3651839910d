import Foundation
import Imaging

/// How the index keeps where the camera focused, in the `focus` column:
/// "manual"; "named R" (R a `FrameRegion`); or "areas W H" then one
/// "x y w h" a line (fractions of the stored frame; W × H the note's own
/// frame, 0 0 when it gave none). Text, short, and read only for photos
/// that have it.
extension CameraFocus {
    var indexText: String {
        switch self {
        case .manual: return "manual"
        case .named(let region): return "named \(region.rawValue)"
        case .areas(let areas, let frame):
            let head = "areas \(frame?.width ?? 0) \(frame?.height ?? 0)"
            return ([head] + areas.map { "\($0.x) \($0.y) \($0.width) \($0.height)" }).joined(separator: "\n")
        }
    }

    /// The focus kept as `indexText`; nil for text it never wrote (a
    /// damaged index: the photo then shows no focus).
    init?(indexText text: String) {
        let lines = text.split(separator: "\n")
        let head = lines.first?.split(separator: " ") ?? []
        switch head.first {
        case "manual" where head.count == 1: self = .manual
        case "named" where head.count == 2:
            guard let region = Int(head[1]).flatMap(FrameRegion.init(rawValue:)) else { return nil }
            self = .named(region)
        case "areas" where head.count == 3:
            guard let width = Int(head[1]), let height = Int(head[2]), width >= 0, height >= 0 else { return nil }
            var areas: [FocusArea] = []
            for line in lines.dropFirst() {
                let numbers = line.split(separator: " ").compactMap { Double($0) }
                guard numbers.count == 4, numbers.allSatisfy({ (0...1).contains($0) }) else { return nil }
                areas.append(FocusArea(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]))
            }
            guard !areas.isEmpty else { return nil }
            self = .areas(areas, frame: width > 0 && height > 0 ? FrameShape(width: width, height: height) : nil)
        default: return nil
        }
    }
}
