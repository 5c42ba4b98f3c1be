import FSFindModel
import Synchronization

/// The `words` section (format 6): every distinct word of the file's strings as free text cuts
/// and folds them (``ValueWords``), in byte order, each with the strings that hold it.
///
/// Free text matches a query word at the start of a value's words; with this, a search finds
/// the words that start with it by a binary search and reads their strings' ids, instead of
/// cutting every name of the index into words again for every query (most of a free-text
/// search's time: `benchmarks/RESULTS.md`, "Free text looked up"). It is also the list of words
/// people can find by name, title or any other value, for spelling suggestions.
///
/// Layout (`docs/index-format.md`): u32 W, u32 P; u32 wordEnds[W] (the end of word i in the
/// blob; word 0 starts at 0); u32 postingEnds[W] (the end of word i's postings in the P posting
/// bytes; word 0's start at 0); the postings; then the words' bytes end to end. A posting is a
/// string id shifted left by one with bit 0 set when the word is that string's first word; a
/// word's postings ascend, and each is written as its difference from the one before (from 0 for
/// the first) in LEB128 (7 bits a byte, low first, the top bit set on all but the last byte):
/// a common word's strings are close together, so most take a byte, not four.
package struct WordLexicon {
    package let wordCount: Int
    @usableFromInline let wordEnds: UnsafeRawBufferPointer
    @usableFromInline let postingEnds: UnsafeRawBufferPointer
    @usableFromInline let postings: UnsafeRawBufferPointer
    @usableFromInline let blob: UnsafeRawBufferPointer

    /// A view of `bytes`, checked whole: every word and posting range lies inside the section and
    /// the words ascend, so a lookup never reads past it or misses a word.
    /// - Throws: ``IndexDamage`` naming what does not fit.
    init(_ bytes: UnsafeRawBufferPointer, checked: Bool = false) throws(IndexDamage) {
        let words = Int(try bytes.littleEndianUInt32(at: 0))
        let postingCount = Int(try bytes.littleEndianUInt32(at: 4))
        wordEnds = try bytes.slice(from: 8, count: try Checked.multiply(words, 4))
        postingEnds = try bytes.slice(from: 8 + 4 * words, count: 4 * words)
        postings = try bytes.slice(from: 8 + 8 * words, count: postingCount)
        blob = UnsafeRawBufferPointer(rebasing: bytes[(8 + 8 * words + postingCount)...])
        wordCount = words
        // A section of this file already checked whole needs only its bounds above.
        if checked { return }
        var previousWord: UnsafeRawBufferPointer?
        var postingEnd = 0
        for i in 0..<words {
            let end = Int(Self.u32(postingEnds, i))
            guard end >= postingEnd, end <= postingCount else { throw IndexDamage("words section postings") }
            postingEnd = end
            let start = i == 0 ? 0 : Int(Self.u32(wordEnds, i - 1))
            let wordEnd = Int(Self.u32(wordEnds, i))
            guard start < wordEnd, wordEnd <= blob.count else { throw IndexDamage("words section words") }
            let word = UnsafeRawBufferPointer(rebasing: blob[start..<wordEnd])
            if let previousWord, Self.compare(previousWord, word) >= 0 {
                throw IndexDamage("words section order")
            }
            previousWord = word
        }
    }

    /// Word `i`'s bytes.
    @inlinable package func word(_ i: Int) -> UnsafeRawBufferPointer {
        let start = i == 0 ? 0 : Int(Self.u32(wordEnds, i - 1))
        return UnsafeRawBufferPointer(rebasing: blob[start..<Int(Self.u32(wordEnds, i))])
    }

    /// Calls `body` with each string that holds word `i`, in ascending id, and whether the word is
    /// its first. A posting that runs past the word's bytes ends the list (only damage makes one).
    @inlinable package func forEachString(holding i: Int, _ body: (_ id: UInt32, _ first: Bool) -> Void) {
        var position = i == 0 ? 0 : Int(Self.u32(postingEnds, i - 1))
        let end = Int(Self.u32(postingEnds, i))
        var posting: UInt64 = 0
        while position < end {
            var delta: UInt64 = 0
            var shift: UInt64 = 0
            var byte: UInt8
            repeat {
                guard position < end, shift < 35 else { return }
                byte = postings[position]
                position += 1
                delta |= UInt64(byte & 0x7F) << shift
                shift += 7
            } while byte & 0x80 != 0
            posting += delta
            guard posting <= UInt64(UInt32.max) else { return }
            body(UInt32(posting >> 1), posting & 1 != 0)
        }
    }

    /// The number of the first word at or after `key` in byte order (``wordCount`` when none is).
    package func firstIndex(atOrAfter key: UnsafeRawBufferPointer) -> Int {
        var low = 0
        var high = wordCount
        while low < high {
            let mid = (low + high) / 2
            if Self.compare(word(mid), key) < 0 { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The words that start with `prefix`, as a range of word numbers.
    package func words(startingWith prefix: UnsafeRawBufferPointer) -> Range<Int> {
        let low = firstIndex(atOrAfter: prefix)
        var end = low
        while end < wordCount, Self.hasPrefix(word(end), prefix) { end += 1 }
        return low..<end
    }

    @inlinable static func u32(_ bytes: UnsafeRawBufferPointer, _ i: Int) -> UInt32 {
        UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self))
    }

    /// Byte order (unsigned), a shorter word before the longer one it starts.
    static func compare(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int {
        let shared = min(a.count, b.count)
        for k in 0..<shared where a[k] != b[k] { return a[k] < b[k] ? -1 : 1 }
        return a.count - b.count
    }

    static func hasPrefix(_ word: UnsafeRawBufferPointer, _ prefix: UnsafeRawBufferPointer) -> Bool {
        guard word.count >= prefix.count else { return false }
        for k in 0..<prefix.count where word[k] != prefix[k] { return false }
        return true
    }
}

extension IndexFile {
    /// The file's `words` section, checksummed and checked; nil in a file written before format 6.
    /// - Throws: ``FSFindError`` `.indexCorrupt` when it is damaged.
    package func wordLexicon() throws(FSFindError) -> WordLexicon? {
        guard let section = fixed.words else { return nil }
        do throws(IndexDamage) {
            let state = wordsChecked.load(ordering: .acquiring)
            if state == 2 { throw IndexDamage("words section") }
            do {
                let lexicon = try WordLexicon(try bytes(of: section), checked: state == 1)
                wordsChecked.store(1, ordering: .releasing)
                return lexicon
            } catch {
                wordsChecked.store(2, ordering: .releasing)
                throw error
            }
        } catch {
            throw damaged(error)
        }
    }
}
