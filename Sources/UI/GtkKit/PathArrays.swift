import CGtkShim
import FilePaths

/// Calls `body` with `paths` as a NULL-terminated array of their bytes
/// (see `String(pathBytes:)`), valid only during the call, as GLib's
/// `const char *const *` lists.
func withPathArray<Result>(_ paths: [String],
                           _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> Result) -> Result {
    let copies = paths.map { $0.withPathCString { strdup($0) } }
    defer { copies.forEach { free($0) } }
    let array: [UnsafePointer<CChar>?] = copies.map { $0.map { UnsafePointer($0) } } + [nil]
    return array.withUnsafeBufferPointer { body($0.baseAddress!) }
}

/// The paths of a NULL-terminated array GLib allocated (byte for byte, see
/// `String(pathBytes:)`), which is freed.
func consumePathArray(_ array: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> [String] {
    guard let array else { return [] }
    defer { g_strfreev(array) }
    var paths: [String] = []
    var index = 0
    while let path = array[index] {
        paths.append(String(pathCString: path))
        index += 1
    }
    return paths
}
