import CImaging
import Foundation

/// What a picture's pixels say of its exposure: how much of it is clipped
/// at the white level, channel by channel, how much lies deep in the
/// shadows, and a histogram of each channel and of the luminance. Read
/// from the pixels a window shows, which for a camera RAW are its embedded
/// preview (`source`): the camera's JPEG clips earlier than the sensor.
public struct Exposure: Sendable, Equatable {
    /// Where the figures come from.
    public enum Source: Sendable, Equatable {
        /// The decoded picture: the file's own, or a RAW's embedded preview.
        case picture
        case cameraPreview
        /// A RAW's sensor data, developed.
        case sensorData
    }

    /// Shadows are counted, and marked, this many stops below white.
    public static let shadowStops = 6

    /// 256 counts each, from black to white.
    public let red: [Int], green: [Int], blue: [Int], luminance: [Int]
    public let pixels: Int
    /// Pixels with at least one channel at its white level.
    public let clippedAny: Int
    /// Pixels more than `shadowStops` below white.
    public let dark: Int
    public let source: Source

    package init(red: [Int], green: [Int], blue: [Int], luminance: [Int], pixels: Int, clippedAny: Int, dark: Int,
                 source: Source) {
        (self.red, self.green, self.blue, self.luminance) = (red, green, blue, luminance)
        (self.pixels, self.clippedAny, self.dark, self.source) = (pixels, clippedAny, dark, source)
    }

    /// The share of the red (green, blue) values at the white level, 0…1:
    /// of the pixels, or of a sensor's photosites of that colour.
    public var redClipped: Double { share(red[255], of: red) }
    public var greenClipped: Double { share(green[255], of: green) }
    public var blueClipped: Double { share(blue[255], of: blue) }
    /// The share with any channel at the white level.
    public var anyClipped: Double { share(clippedAny) }
    /// The share more than `shadowStops` below white.
    public var darkShare: Double { share(dark) }

    private func share(_ count: Int) -> Double { pixels > 0 ? Double(count) / Double(pixels) : 0 }
    private func share(_ count: Int, of histogram: [Int]) -> Double {
        let total = histogram.reduce(0, +)
        return total > 0 ? Double(count) / Double(total) : 0
    }

    /// The 8-bit luma level `stops` below white: sRGB's encoding of
    /// 2^-stops (6 stops: 34 of 255).
    public static func level(stopsBelowWhite stops: Int) -> Int32 {
        let linear = pow(2, -Double(stops))
        let encoded = linear <= 0.0031308 ? 12.92 * linear : 1.055 * pow(linear, 1 / 2.4) - 0.055
        return Int32((encoded * 255).rounded())
    }
}

extension Exposure {
    /// The counts the C side made (`lb_pixels_exposure`, or a RAW's sensor
    /// data in the decoder), as values.
    package init(_ counts: LbExposure, source: Source) {
        func array<T>(_ tuple: T) -> [Int] {
            Swift.withUnsafeBytes(of: tuple) { Array($0.bindMemory(to: UInt32.self)).map(Int.init) }
        }
        self.init(red: array(counts.red), green: array(counts.green), blue: array(counts.blue),
                  luminance: array(counts.luminance), pixels: Int(counts.pixels),
                  clippedAny: Int(counts.clipped_any), dark: Int(counts.dark), source: source)
    }
}

extension PixelData {
    /// The exposure these pixels show. One pass over them: a few
    /// milliseconds for a screen's worth, more for a photo in full; off
    /// the main thread.
    public func exposure() -> Exposure {
        var counts = LbExposure()
        if width > 0, height > 0, byteCount >= stride * (height - 1) + width * 4 {
            withUnsafeBytes { bytes in
                lb_pixels_exposure(bytes.bindMemory(to: UInt8.self).baseAddress, Int32(width), Int32(height),
                                   Int32(stride), format == .premultipliedARGB32,
                                   Exposure.level(stopsBelowWhite: Exposure.shadowStops), &counts)
            }
        }
        let source: Exposure.Source = switch origin {
        case .picture: .picture
        case .cameraPreview: .cameraPreview
        case .sensorData: .sensorData
        }
        return Exposure(counts, source: source)
    }

    /// These pixels with what is clipped marked: red where a channel is at
    /// its white level, blue more than `Exposure.shadowStops` below white;
    /// in their own layout, in a buffer of their own. Off the main thread.
    public func markingClipping() -> PixelData { marked(.clipping) }

    /// These pixels with `marks` made over them, in their own layout, in a
    /// buffer of their own: the clipping (red and blue), and focus peaking
    /// (green on the sharp edges, found on these pixels, over the clipping
    /// marks when both are asked). Off the main thread.
    public func marked(_ marks: PixelMarks) -> PixelData {
        guard width > 0, height > 0, byteCount >= stride * (height - 1) + width * 4, !marks.isEmpty else { return self }
        let argb32 = format == .premultipliedARGB32
        let buffer = PixelBuffer(count: width * height * 4) { out in
            withUnsafeBytes { source in
                let pixels = source.bindMemory(to: UInt8.self).baseAddress
                let target = out.bindMemory(to: UInt8.self).baseAddress
                if marks.contains(.clipping) {
                    lb_pixels_mark_exposure(pixels, Int32(width), Int32(height), Int32(stride), argb32,
                                            Exposure.level(stopsBelowWhite: Exposure.shadowStops), target)
                } else {
                    for row in 0..<height {
                        memcpy(out.baseAddress! + row * width * 4, source.baseAddress! + row * stride, width * 4)
                    }
                }
                if marks.contains(.peaking) {
                    lb_pixels_mark_peaking(pixels, Int32(width), Int32(height), Int32(stride), argb32,
                                           PixelMarks.peakingThreshold, target)
                }
            }
        }
        var marked = PixelData(width: width, height: height, buffer: buffer, format: format)
        marked.origin = origin
        marked.isFromIncompleteFile = isFromIncompleteFile
        return marked
    }
}

/// What a photo window can mark over a photo.
public struct PixelMarks: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Highlights at white in red, deep shadows in blue.
    public static let clipping = PixelMarks(rawValue: 1)
    /// Sharp edges in green.
    public static let peaking = PixelMarks(rawValue: 2)

    /// The gradient (|gx| + |gy| of a 3 × 3 Sobel over the luma, up to
    /// 2040) from which an edge is sharp: a step of about 70 levels of 255
    /// from one pixel to the next. A camera's "mid" peaking, as near as a
    /// first choice gets; not yet a setting.
    public static let peakingThreshold: Int32 = 280
}
