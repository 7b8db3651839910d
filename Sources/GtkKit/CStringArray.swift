import CGtkShim

/// Calls `body` with `strings` as a NULL-terminated array of C strings,
/// valid only during the call (as GLib's `const char *const *` lists).
func withCStringArray<Result>(_ strings: [String],
                              _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> Result) -> Result {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    let array: [UnsafePointer<CChar>?] = copies.map { $0.map { UnsafePointer($0) } } + [nil]
    return array.withUnsafeBufferPointer { body($0.baseAddress!) }
}

/// The strings of a NULL-terminated array GLib allocated, which is freed.
func consumeStringArray(_ array: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> [String] {
    guard let array else { return [] }
    defer { g_strfreev(array) }
    var strings: [String] = []
    var index = 0
    while let string = array[index] {
        strings.append(String(cString: string))
        index += 1
    }
    return strings
}
