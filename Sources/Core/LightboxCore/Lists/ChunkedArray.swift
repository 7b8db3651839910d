/// A list kept as a run of arrays of about a thousand elements each, so
/// that a change copies only the arrays it touches: a batch of photos
/// merged into a folder of 100,000 copies a few thousand of them, not all,
/// and the list shown before it (held by the window's state and its grid)
/// goes on sharing every chunk the batch left alone. Two lists made one
/// from the other know which of their elements they share without
/// comparing them (`sharedPrefixCount`, `sharedSuffixCount`), which keeps
/// the grid's diff of a change as small as the change.
///
/// Reading an element by position costs a binary search over the chunks
/// (a hundred at 100,000 elements); iteration walks the chunks in order.
public struct ChunkedArray<Element> {
    @usableFromInline var chunks: [[Element]]
    /// `ends[i]`: how many elements chunks 0 through i hold.
    @usableFromInline var ends: [Int]

    /// The length a chunk is cut to. A merge copies at least one chunk, a
    /// lookup searches over `count / chunkLength` ends: 1,024 keeps both
    /// well under a millisecond at 100,000 photos.
    static var chunkLength: Int { 1024 }

    public init() {
        chunks = []
        ends = []
    }

    public init(_ elements: some Sequence<Element>) {
        self.init(chunking: Array(elements))
    }

    private init(chunking elements: [Element]) {
        self.init()
        var start = 0
        while start < elements.count {
            let end = Swift.min(elements.count, start + Self.chunkLength)
            appendChunk(Array(elements[start..<end]))
            start = end
        }
    }

    private mutating func appendChunk(_ chunk: [Element]) {
        guard !chunk.isEmpty else { return }
        ends.append((ends.last ?? 0) + chunk.count)
        chunks.append(chunk)
    }

    /// The chunk that holds `position`: the first whose end lies past it.
    @inlinable
    func chunk(containing position: Int) -> Int {
        var low = 0, high = ends.count - 1
        while low < high {
            let middle = (low + high) / 2
            if ends[middle] > position { high = middle } else { low = middle + 1 }
        }
        return low
    }

    @inlinable
    func start(of chunk: Int) -> Int { chunk == 0 ? 0 : ends[chunk - 1] }
}

extension ChunkedArray: RandomAccessCollection {
    public typealias Index = Int
    public typealias Indices = Range<Int>

    public var startIndex: Int { 0 }
    public var endIndex: Int { ends.last ?? 0 }
    public var count: Int { ends.last ?? 0 }
    public var isEmpty: Bool { ends.isEmpty }

    @inlinable
    public subscript(position: Int) -> Element {
        precondition(position >= 0 && position < endIndex, "index out of range") // untranslated: invariant
        let chunk = chunk(containing: position)
        return chunks[chunk][position - start(of: chunk)]
    }

    public func makeIterator() -> Iterator { Iterator(chunks: chunks) }

    /// An iterator that begins at `position`.
    func makeIterator(from position: Int) -> Iterator {
        guard position < count else { return Iterator(chunks: chunks, chunk: chunks.count, offset: 0) }
        let chunk = chunk(containing: position)
        return Iterator(chunks: chunks, chunk: chunk, offset: position - start(of: chunk))
    }

    /// Walks the chunks in order: no search per element.
    public struct Iterator: IteratorProtocol {
        @usableFromInline let chunks: [[Element]]
        @usableFromInline var chunk = 0
        @usableFromInline var offset = 0

        @usableFromInline
        init(chunks: [[Element]], chunk: Int = 0, offset: Int = 0) {
            self.chunks = chunks
            self.chunk = chunk
            self.offset = offset
        }

        @inlinable
        public mutating func next() -> Element? {
            while chunk < chunks.count {
                if offset < chunks[chunk].count {
                    defer { offset += 1 }
                    return chunks[chunk][offset]
                }
                chunk += 1
                offset = 0
            }
            return nil
        }
    }
}

extension ChunkedArray {
    /// The first position whose element satisfies `predicate`, walking the
    /// chunks (the collection's own walks positions, a search each).
    public func firstIndex(where predicate: (Element) throws -> Bool) rethrows -> Int? {
        for (index, chunk) in chunks.enumerated() {
            if let offset = try chunk.firstIndex(where: predicate) { return start(of: index) + offset }
        }
        return nil
    }
}

extension ChunkedArray: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: Element...) {
        self.init(chunking: elements)
    }
}

extension ChunkedArray: Sendable where Element: Sendable {}

extension ChunkedArray: Equatable where Element: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        guard lhs.count == rhs.count else { return false }
        let shared = lhs.sharedPrefixCount(with: rhs)
        var mine = lhs.makeIterator(from: shared), theirs = rhs.makeIterator(from: shared)
        while let element = mine.next() {
            guard element == theirs.next() else { return false }
        }
        return true
    }
}

// MARK: Sharing

extension ChunkedArray {
    /// Whether the two hold the very same chunks (one is a copy of the
    /// other, unchanged since).
    public func isIdentical(to other: Self) -> Bool {
        ends == other.ends && zip(chunks, other.chunks).allSatisfy { Self.same($0, $1) }
    }

    /// How many elements at the start both lists hold in the same chunks:
    /// those are the same elements, known without comparing any. Fewer
    /// than the common prefix when the lists were made apart.
    public func sharedPrefixCount(with other: Self) -> Int {
        var shared = 0
        for (mine, theirs) in zip(chunks, other.chunks) {
            guard Self.same(mine, theirs) else { break }
            shared += mine.count
        }
        return shared
    }

    /// The same from the end.
    public func sharedSuffixCount(with other: Self) -> Int {
        var shared = 0
        for (mine, theirs) in zip(chunks.reversed(), other.chunks.reversed()) {
            guard Self.same(mine, theirs) else { break }
            shared += mine.count
        }
        return shared
    }

    /// The first `count` elements (all when there are fewer), sharing
    /// the chunks they fill whole.
    public func truncated(to count: Int) -> Self {
        guard count < self.count else { return self }
        var result = ChunkedArray()
        for chunk in chunks where result.count < count {
            let room = count - result.count
            result.appendChunk(chunk.count <= room ? chunk : Array(chunk.prefix(room)))
        }
        return result
    }

    /// Whether two chunks are one array's storage.
    private static func same(_ first: [Element], _ second: [Element]) -> Bool {
        first.count == second.count
            && first.withUnsafeBufferPointer { a in second.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
    }
}

// MARK: Changing

extension ChunkedArray {
    /// Removes the elements at `removed` (positions in the list as it is,
    /// ascending) and inserts each of `inserted` before the element at its
    /// position (also in the list as it is, ascending; the count appends),
    /// in one pass. Only the chunks these touch are copied; what goes at
    /// the very end grows the last chunk.
    package mutating func update(removing removed: [Int], inserting inserted: [(position: Int, element: Element)]) {
        guard !removed.isEmpty || !inserted.isEmpty else { return }
        guard !chunks.isEmpty else {
            self = ChunkedArray(chunking: inserted.map(\.element))
            return
        }
        var result = ChunkedArray()
        result.chunks.reserveCapacity(chunks.count + 1)
        result.ends.reserveCapacity(chunks.count + 1)
        var nextRemoved = 0, nextInserted = 0
        for index in chunks.indices {
            let start = start(of: index), end = ends[index]
            var removedEnd = nextRemoved
            while removedEnd < removed.count, removed[removedEnd] < end { removedEnd += 1 }
            var insertedEnd = nextInserted
            // The last chunk takes what goes at the very end.
            let isLast = index == chunks.count - 1
            while insertedEnd < inserted.count, inserted[insertedEnd].position < end || isLast { insertedEnd += 1 }
            guard removedEnd > nextRemoved || insertedEnd > nextInserted else {
                // Untouched: the same storage, shared.
                result.appendChunk(chunks[index])
                continue
            }
            let chunk = chunks[index]
            var rebuilt: [Element] = []
            rebuilt.reserveCapacity(chunk.count + insertedEnd - nextInserted)
            var copied = start
            /// Copies the chunk's elements up to `stop` but those removed.
            func copy(upTo stop: Int) {
                while copied < stop {
                    if nextRemoved < removedEnd, removed[nextRemoved] == copied {
                        nextRemoved += 1
                        copied += 1
                        continue
                    }
                    let runEnd = nextRemoved < removedEnd ? Swift.min(stop, removed[nextRemoved]) : stop
                    rebuilt.append(contentsOf: chunk[(copied - start)..<(runEnd - start)])
                    copied = runEnd
                }
            }
            while nextInserted < insertedEnd {
                copy(upTo: Swift.min(Swift.max(inserted[nextInserted].position, start), end))
                rebuilt.append(inserted[nextInserted].element)
                nextInserted += 1
            }
            copy(upTo: end)
            nextRemoved = removedEnd
            result.appendRebuilt(rebuilt)
        }
        self = result
    }

    /// Keeps the elements `shouldKeep` accepts; chunks it keeps whole are
    /// shared.
    package mutating func keep(where shouldKeep: (Element) throws -> Bool) rethrows {
        var result = ChunkedArray()
        for chunk in chunks {
            // Copied only from the first element it drops.
            guard let first = try chunk.firstIndex(where: { try !shouldKeep($0) }) else {
                result.appendChunk(chunk)
                continue
            }
            result.appendRebuilt(Array(chunk[..<first]) + (try chunk[(first + 1)...].filter(shouldKeep)))
        }
        self = result
    }

    /// Appends a chunk a change made: cut when it grew past two chunks'
    /// length, joined to the one before when both fit in one (removals
    /// would otherwise leave the list in ever smaller pieces).
    private mutating func appendRebuilt(_ chunk: [Element]) {
        guard !chunk.isEmpty else { return }
        if let last = chunks.last, last.count + chunk.count <= Self.chunkLength {
            chunks[chunks.count - 1].append(contentsOf: chunk)
            ends[ends.count - 1] += chunk.count
            return
        }
        guard chunk.count > 2 * Self.chunkLength else {
            appendChunk(chunk)
            return
        }
        var start = 0
        while start < chunk.count {
            // The remainder joins the last piece rather than stand short.
            let end = chunk.count - start < 2 * Self.chunkLength ? chunk.count : start + Self.chunkLength
            appendChunk(Array(chunk[start..<end]))
            start = end
        }
    }
}
