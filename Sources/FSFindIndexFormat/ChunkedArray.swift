/// An append-only array kept in chunks of 16,384 elements, for what a first index stages per item.
///
/// A Swift array doubles its buffer when full and copies itself across: a million-element array
/// can hold room for two million, and the old buffer and the new one are both alive while it
/// grows. Staged per item, that slack was a fifth of a first index's peak (`benchmarks/RESULTS.md`,
/// "A million-entry first index under 256 MiB"). Chunks are filled one after the
/// other and never move, so at most one chunk is partly empty. The first chunk grows as an array
/// does, so a column a few items have costs a few bytes, not a chunk.
struct ChunkedArray<Element> {
    private var chunks: [[Element]] = []
    private(set) var count = 0

    private static var chunkShift: Int { 14 }
    private static var chunkSize: Int { 1 << chunkShift }

    var last: Element? { chunks.last?.last }

    subscript(_ index: Int) -> Element { chunks[index >> Self.chunkShift][index & (Self.chunkSize - 1)] }

    mutating func append(_ element: Element) {
        count += 1
        if let last = chunks.indices.last, chunks[last].count < Self.chunkSize {
            chunks[last].append(element)
            return
        }
        var chunk: [Element] = []
        if !chunks.isEmpty { chunk.reserveCapacity(Self.chunkSize) }
        chunk.append(element)
        chunks.append(chunk)
    }
}
