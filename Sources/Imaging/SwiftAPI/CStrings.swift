import CImaging
import Foundation

/// Calls a CImaging function that takes key/value string arrays and reports
/// failure through a `char **error`, turning that error into `ImageError`.
package func callWithPairs(
    _ pairs: [(key: String, value: String)], failure fallback: String,
    _ body: (UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<UnsafePointer<CChar>?>?, Int32,
             UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Bool
) throws(ImageError) {
    let keys = pairs.map { strdup($0.key) }
    let values = pairs.map { strdup($0.value) }
    defer { (keys + values).forEach { free($0) } }
    var error: UnsafeMutablePointer<CChar>?
    let succeeded = keys.map { UnsafePointer($0) }.withUnsafeBufferPointer { keyBuffer in
        values.map { UnsafePointer($0) }.withUnsafeBufferPointer { valueBuffer in
            body(keyBuffer.baseAddress, valueBuffer.baseAddress, Int32(pairs.count), &error)
        }
    }
    if !succeeded {
        defer { lb_free(error) }
        throw ImageError(cMessage: error, fallback: fallback)
    }
}
