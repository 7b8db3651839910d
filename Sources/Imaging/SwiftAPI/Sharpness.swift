import CImaging

extension PixelData {
    /// The side photos are decoded at to measure their sharpness: large
    /// enough for a missed focus of a few pixels to show, small enough for
    /// a folder's worth in seconds. A JPEG is scaled while decoded, by an
    /// eighth, a quarter or a half: 1,000 takes a 4000 × 3000 photo's
    /// quarter as it is (28 ms here), where 1,024 took its half and scaled
    /// it again (39 ms; Tools/Bench/README.md).
    public static let sharpnessSide = 1000

    /// How sharp the picture is where the camera focused (`focus`: the
    /// areas in focus, fractions of these pixels), else over the whole
    /// frame: the root mean square of the luma's Laplacian. A small area
    /// grows to a sixth of the frame each way around its middle, so a
    /// point measures the subject around it, not one edge. Off the main
    /// thread: a few milliseconds at `sharpnessSide`.
    public func sharpness(where focus: [FocusArea] = []) -> Double {
        guard width >= 3, height >= 3, byteCount >= stride * (height - 1) + width * 4 else { return 0 }
        var (left, top, right, bottom) = (0.0, 0.0, 1.0, 1.0)
        if !focus.isEmpty {
            left = focus.map { $0.x - $0.width / 2 }.min() ?? 0
            right = focus.map { $0.x + $0.width / 2 }.max() ?? 1
            top = focus.map { $0.y - $0.height / 2 }.min() ?? 0
            bottom = focus.map { $0.y + $0.height / 2 }.max() ?? 1
            let least = 1.0 / 6
            if right - left < least { (left, right) = ((left + right - least) / 2, (left + right + least) / 2) }
            if bottom - top < least { (top, bottom) = ((top + bottom - least) / 2, (top + bottom + least) / 2) }
        }
        let x0 = Int32(max(0, left) * Double(width)), x1 = Int32(min(1, right) * Double(width))
        let y0 = Int32(max(0, top) * Double(height)), y1 = Int32(min(1, bottom) * Double(height))
        return withUnsafeBytes { bytes in
            lb_pixels_sharpness(bytes.bindMemory(to: UInt8.self).baseAddress, Int32(width), Int32(height), Int32(stride),
                                format == .premultipliedARGB32, x0, y0, x1, y1)
        }
    }
}
