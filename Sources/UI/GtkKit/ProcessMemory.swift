import CGtkShim

/// How the process's heap hands out large blocks.
public enum ProcessMemory {
    /// Blocks over `bytes` get a mapping of their own, given back when
    /// freed. glibc otherwise raises its threshold to the largest block
    /// freed so far; after that, the window-size image surfaces GTK's cairo
    /// renderer makes for a frame (2.5 MB at 1024×700) come from the heap,
    /// which keeps the pages they leave: 3.5 MB of an empty window's memory
    /// (Tools/Bench/README.md, "Where an empty window's memory goes").
    public static func mapBlocks(over bytes: Int) {
        lb_memory_map_blocks_over(Int32(clamping: bytes))
    }
}
