import Foundation
import Glibc

/// What of a file the kernel holds in memory: tests drop a file's pages,
/// let the code under test read it, and count the pages it brought in
/// (mincore), which counts read calls and mapped pages alike.
enum PageCache {
    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// A scratch folder whose files can be dropped from the page cache: the
    /// temporary folder's, unless it keeps its files in memory (tmpfs),
    /// then one in the package's build folder.
    static func scratchOnDisk() -> Scratch {
        let temporary = Scratch()
        if evict(temporary.file("probe", String(repeating: "x", count: 65_536))) { return temporary }
        return Scratch(in: URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(".build"))
    }

    /// Writes back and drops `url`'s pages from the page cache; false when
    /// the file system keeps them (tmpfs).
    static func evict(_ url: URL) -> Bool {
        let fd = open(url.path, O_RDONLY)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        fdatasync(fd)
        posix_fadvise(fd, 0, 0, Int32(POSIX_FADV_DONTNEED))
        return resident(url) == 0
    }

    /// The bytes of `url` in the page cache, a page at a time.
    static func resident(_ url: URL) -> Int {
        let fd = open(url.path, O_RDONLY)
        guard fd >= 0 else { return -1 }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_size > 0 else { return -1 }
        let length = Int(status.st_size)
        // Mapped, never touched: mincore reads nothing.
        guard let map = mmap(nil, length, PROT_READ, MAP_SHARED, fd, 0), map != MAP_FAILED else { return -1 }
        defer { munmap(map, length) }
        var pages = [UInt8](repeating: 0, count: (length + pageSize - 1) / pageSize)
        guard mincore(map, length, &pages) == 0 else { return -1 }
        return pages.reduce(0) { $0 + Int($1 & 1) } * pageSize
    }
}
