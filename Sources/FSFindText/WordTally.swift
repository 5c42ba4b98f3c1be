/// Words counted by their bytes: the distinct spelling words of a text (``SpellingWords``) and the
/// changes a transaction makes to their counts (``TextStore/Writer``).
///
/// The words are kept end to end in one buffer, each followed by a newline (the list form the
/// extraction workers send, so a text's list is the buffer itself), and found through an
/// open-addressed table of FNV-1a hashes: a word met again is neither copied nor hashed by
/// Swift's `Hasher`, which takes a byte array one element at a time (a `Set<[UInt8]>` was most
/// of the spelling words' cost in a first index: `benchmarks/RESULTS.md`, "Spelling suggestions").
struct WordTally {
    /// The words end to end, each followed by a newline, in the order first added.
    private(set) var list: [UInt8] = []
    /// Per slot: where its word starts in ``list``, plus one (0 is an empty slot).
    private var starts: [Int32]
    private var lengths: [Int32]
    private var counts: [Int]
    /// How many distinct words are held.
    private(set) var count = 0

    init() {
        starts = [Int32](repeating: 0, count: 64)
        lengths = [Int32](repeating: 0, count: 64)
        counts = [Int](repeating: 0, count: 64)
    }

    /// Adds `change` to `word`'s count, adding the word first when it is new.
    mutating func add(_ word: UnsafeRawBufferPointer, _ change: Int = 1) {
        if 2 * (count + 1) > starts.count { grow() }
        let mask = starts.count - 1
        var slot = Int(truncatingIfNeeded: Self.hash(word)) & mask
        while starts[slot] != 0 {
            if Int(lengths[slot]) == word.count, holds(word, at: Int(starts[slot]) - 1) {
                counts[slot] += change
                return
            }
            slot = (slot + 1) & mask
        }
        starts[slot] = Int32(list.count + 1)
        lengths[slot] = Int32(word.count)
        counts[slot] = change
        list.append(contentsOf: word)
        list.append(0x0A)
        count += 1
    }

    /// Adds one to the count of each word of a list ``SpellingWords/distinct(in:)`` made.
    mutating func add(list words: ArraySlice<UInt8>) {
        words.withUnsafeBytes { bytes in
            var start = 0
            for i in 0..<bytes.count where bytes[i] == 0x0A {
                if i > start { add(UnsafeRawBufferPointer(rebasing: bytes[start..<i])) }
                start = i + 1
            }
        }
    }

    /// Calls `body` with each word and its count, in no set order.
    func forEachWord(_ body: (ArraySlice<UInt8>, Int) -> Void) {
        for slot in starts.indices where starts[slot] != 0 {
            let start = Int(starts[slot]) - 1
            body(list[start..<(start + Int(lengths[slot]))], counts[slot])
        }
    }

    private func holds(_ word: UnsafeRawBufferPointer, at start: Int) -> Bool {
        list.withUnsafeBufferPointer { held in
            for k in 0..<word.count where held[start + k] != word[k] { return false }
            return true
        }
    }

    /// Twice the slots, every word placed again.
    private mutating func grow() {
        let old = (starts, lengths, counts)
        let size = starts.count * 2
        starts = [Int32](repeating: 0, count: size)
        lengths = [Int32](repeating: 0, count: size)
        counts = [Int](repeating: 0, count: size)
        let mask = size - 1
        for slot in old.0.indices where old.0[slot] != 0 {
            let start = Int(old.0[slot]) - 1
            let length = Int(old.1[slot])
            let hash = list.withUnsafeBytes { bytes in
                Self.hash(UnsafeRawBufferPointer(rebasing: bytes[start..<(start + length)]))
            }
            var target = Int(truncatingIfNeeded: hash) & mask
            while starts[target] != 0 { target = (target + 1) & mask }
            (starts[target], lengths[target], counts[target]) = (old.0[slot], old.1[slot], old.2[slot])
        }
    }

    /// FNV-1a, 64 bits.
    static func hash(_ word: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in word {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return hash
    }
}
