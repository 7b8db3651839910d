/// Decoding in the calling process instead of a decoder's, for a pool made
/// with `DecoderPool(local:)`: `InProcessImaging` has the one there is.
public protocol LocalDecoding: Sendable {
    func decode(path: String, maxSize: Int, maxPixels: Int) throws(ImageError) -> DecodedImage
    func metadata(path: String) -> ImageMetadata?
    func probe(path: String) -> ImageProbe?
}
