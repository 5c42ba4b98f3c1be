/// A fixed-size table of plain values that a scan reads and writes millions of times.
///
/// Why not an `Array` in a class property: every access to a class's `var` goes through Swift's
/// dynamic exclusivity check (begin/end access), a large share of a free-text scan's time
/// (`benchmarks/RESULTS.md`, "Numbers that were in code comments"). The table's storage is a
/// pointer the class owns, so accesses are plain loads and
/// stores. Not thread-safe, like the plan that owns it.
final class FlatTable<Element: BitwiseCopyable> {
    @usableFromInline let storage: UnsafeMutableBufferPointer<Element>

    init(count: Int, repeating value: Element) {
        storage = .allocate(capacity: max(0, count))
        storage.initialize(repeating: value)
    }

    deinit { storage.deallocate() }

    @inlinable var count: Int { storage.count }

    /// The cells themselves, for code below this target that fills a run of values.
    @inlinable var buffer: UnsafeMutableBufferPointer<Element> { storage }

    // Inlinable, so other targets' scans get it specialized: unspecialized, each access went
    // through the generic value witnesses (malloc, copy, free).
    @inlinable @inline(__always) subscript(_ index: Int) -> Element {
        get { storage[index] }
        set { storage[index] = newValue }
    }
}

/// An append-only run of Doubles with the same no-bookkeeping access as ``FlatTable``.
final class DoubleRun {
    private var storage: UnsafeMutableBufferPointer<Double>
    private(set) var count = 0

    init() { storage = .allocate(capacity: 1024) }

    deinit { storage.deallocate() }

    @inline(__always) subscript(_ index: Int) -> Double { storage[index] }

    /// Appends `values`, returning the offset of the first.
    func append(_ values: FlatTable<Double>) -> Int {
        let offset = count
        reserve(count + values.count)
        for i in 0..<values.count { storage[count + i] = values[i] }
        count += values.count
        return offset
    }

    /// Appends `count` values of `run` from `offset`.
    func append(_ run: DoubleRun, from offset: Int, count: Int) {
        reserve(self.count + count)
        for i in 0..<count { storage[self.count + i] = run.storage[offset + i] }
        self.count += count
    }

    /// Room for `capacity` values at least, growing by doubling.
    private func reserve(_ capacity: Int) {
        guard capacity > storage.count else { return }
        let grown = UnsafeMutableBufferPointer<Double>.allocate(capacity: max(2 * storage.count, capacity))
        _ = grown.initialize(from: storage[..<count])
        storage.deallocate()
        storage = grown
    }

    /// Empties the run, keeping its memory for the next values.
    func removeAll() { count = 0 }

    /// Makes the run `count` zeros.
    func replaceWithZeros(count: Int) {
        self.count = 0
        reserve(count)
        storage.baseAddress?.update(repeating: 0, count: count)
        self.count = count
    }

    /// Sets the value at `index` to `value` when that is larger.
    @inline(__always) func raise(_ index: Int, to value: Double) {
        if value > storage[index] { storage[index] = value }
    }
}
