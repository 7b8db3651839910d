import Imaging

extension PixelData {
    /// The red, green and blue of the pixel at x, y, in either layout:
    /// straight RGBA bytes, or laid out for display (a native-endian
    /// 0xAARRGGBB word: B, G, R, A bytes on this machine).
    func rgb(x: Int, y: Int) -> (r: Int, g: Int, b: Int) {
        let data = bytes, offset = y * stride + x * 4
        return format == .rgba ? (Int(data[offset]), Int(data[offset + 1]), Int(data[offset + 2]))
                               : (Int(data[offset + 2]), Int(data[offset + 1]), Int(data[offset]))
    }
}
