import FSFindIndexFormat
import FSFindModel
import FSFindText

/// Words in byte order that the spelling corrector walks as a trie (``SpellingSearch``): all it
/// asks of a list is the first word at or after a key, and how often a word occurs.
///
/// The index file's words (names, titles, every text attribute) and the text store's spelling
/// words (the words inside files) are both such lists, one mapped and one in SQLite; neither is
/// read whole.
protocol SpellingVocabulary {
    /// The first word at or after `key` in byte order, or nil when none is.
    func firstWord(atOrAfter key: [UInt8]) throws(FSFindError) -> [UInt8]?
    /// How often `word` occurs: the files or values that hold it (0 when none does).
    func occurrences(of word: [UInt8]) throws(FSFindError) -> Int
    /// The part of the list a walk from `prefix` can reach (words that start with it and have
    /// `length` characters), as a list to walk instead: a list whose seeks are dear reads the
    /// part at once; a mapped one is its own.
    func narrowed(to prefix: [UInt8], length: ClosedRange<Int>) throws(FSFindError) -> any SpellingVocabulary
}

extension SpellingVocabulary {
    func narrowed(to prefix: [UInt8], length: ClosedRange<Int>) -> any SpellingVocabulary { self }
}

extension SpellingTable: SpellingVocabulary {
    func occurrences(of word: [UInt8]) throws(FSFindError) -> Int { try documents(holding: word) }

    /// A walk's seeks in SQLite, thousands of them, were most of a correction's time; one range
    /// of words read into memory costs far less (`benchmarks/RESULTS.md`, "Spelling suggestions").
    func narrowed(to prefix: [UInt8], length: ClosedRange<Int>) throws(FSFindError) -> any SpellingVocabulary {
        SortedWords(sorted: try words(startingWith: prefix, length: length))
    }
}

extension WordLexicon: SpellingVocabulary {
    func firstWord(atOrAfter key: [UInt8]) -> [UInt8]? {
        let i = key.withUnsafeBytes { firstIndex(atOrAfter: $0) }
        return i < wordCount ? Array(word(i)) : nil
    }

    /// The values that hold `word`: how many postings it has.
    func occurrences(of word: [UInt8]) -> Int {
        let i = word.withUnsafeBytes { firstIndex(atOrAfter: $0) }
        guard i < wordCount, self.word(i).elementsEqual(word) else { return 0 }
        var count = 0
        forEachString(holding: i) { _, _ in count += 1 }
        return count
    }
}

/// A sorted list of words in memory: for tests, and for a vocabulary small enough to hold.
struct SortedWords: SpellingVocabulary {
    private let words: [[UInt8]]
    private let counts: [Int]

    /// `occurrences` by word; sorted here.
    init(_ occurrences: [String: Int]) {
        self.init(
            sorted: occurrences.map { (Array($0.key.utf8), $0.value) }.sorted { $0.0.lexicographicallyPrecedes($1.0) })
    }

    /// Words already in byte order, each with its occurrences.
    init(sorted: [(word: [UInt8], documents: Int)]) {
        words = sorted.map(\.word)
        counts = sorted.map(\.documents)
    }

    private func index(atOrAfter key: [UInt8]) -> Int {
        var low = 0
        var high = words.count
        while low < high {
            let mid = (low + high) / 2
            if words[mid].lexicographicallyPrecedes(key) { low = mid + 1 } else { high = mid }
        }
        return low
    }

    func firstWord(atOrAfter key: [UInt8]) -> [UInt8]? {
        let i = index(atOrAfter: key)
        return i < words.count ? words[i] : nil
    }

    func occurrences(of word: [UInt8]) -> Int {
        let i = index(atOrAfter: word)
        return i < words.count && words[i] == word ? counts[i] : 0
    }
}
