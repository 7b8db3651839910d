import Glibc

/// The POSIX calls Lightbox makes with paths, given each path's own bytes
/// (see `String(pathBytes:)`). Calling Glibc's directly with a `String`
/// would pass the string's UTF-8, which names a different file whenever
/// the path holds bytes that are not UTF-8. Each answers as the call it
/// wraps, with `errno` set the same way.
public enum Posix {
    public static func stat(_ path: String, _ info: inout stat) -> Int32 {
        path.withPathCString { systemStat($0, &info) }
    }

    public static func lstat(_ path: String, _ info: inout stat) -> Int32 {
        path.withPathCString { systemLstat($0, &info) }
    }

    public static func access(_ path: String, _ mode: Int32) -> Int32 {
        path.withPathCString { Glibc.access($0, mode) }
    }

    public static func open(_ path: String, _ flags: Int32) -> Int32 {
        path.withPathCString { Glibc.open($0, flags) }
    }

    @discardableResult
    public static func unlink(_ path: String) -> Int32 {
        path.withPathCString { Glibc.unlink($0) }
    }

    public static func rename(_ from: String, _ to: String) -> Int32 {
        from.withPathCString { from in to.withPathCString { Glibc.rename(from, $0) } }
    }

    public static func link(_ from: String, _ to: String) -> Int32 {
        from.withPathCString { from in to.withPathCString { Glibc.link(from, $0) } }
    }
}

// `Glibc.stat` names the struct before the function; unqualified, the
// call resolves to the function.
private func systemStat(_ path: UnsafePointer<CChar>, _ info: inout stat) -> Int32 { stat(path, &info) }
private func systemLstat(_ path: UnsafePointer<CChar>, _ info: inout stat) -> Int32 { lstat(path, &info) }
