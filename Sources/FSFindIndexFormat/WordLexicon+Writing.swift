import FSFindModel

extension WordLexicon {
    /// The words of strings `0..<count` (``ValueWords``), gathered as the strings section is
    /// written: each distinct word once, with the ids of the strings that hold it.
    struct Builder {
        /// The distinct words' bytes end to end; word `i` is `blob[ends[i - 1]..<ends[i]]`.
        private var blob: [UInt8] = []
        private var ends: [UInt32] = []
        /// Word ids + 1 (0: empty) where their hash puts them, probed linearly: a word looked up
        /// costs no allocation (a million names have three million words).
        private var slots = [UInt32](repeating: 0, count: 1 << 12)
        /// Per occurrence: the word's id in the high half, the posting in the low half.
        private var occurrences: [UInt64] = []
        private var cutter = ValueWords()
        /// Words `0..<sortedWords` were added in byte order (``addCarried(from:newIDs:)``): the
        /// section's sort then orders only the words added after them and merges.
        private var sortedWords = 0
        /// False once postings may come out of ascending string id within a word (carried ids
        /// are renumbered, and new strings come between them): each word's postings are then
        /// sorted when written.
        private var postingsAscend = true

        private var wordCount: Int { ends.count }

        /// Adds string `id`'s words; ids must come in ascending order.
        mutating func add(_ bytes: UnsafeRawBufferPointer, id: UInt32) {
            var cutter = ValueWords()
            swap(&cutter, &self.cutter)
            cutter.forEach(in: bytes) { word, first in
                occurrences.append(UInt64(wordID(word)) << 32 | UInt64(id << 1 | (first ? 1 : 0)))
            }
            swap(&cutter, &self.cutter)
        }

        /// Adds the words of the strings carried from a previous file as that file's words
        /// section lists them: `newIDs[old]` is the new id of old string `old`, or
        /// ``IndexFormat/absent32`` when it was not carried. Must come before any other string is
        /// added. A batch's new file carries most of its strings, and cutting them into words again
        /// was the largest part of writing it (`benchmarks/RESULTS.md`, "A batch's copy of the
        /// delta made cheaper").
        ///
        /// - Parameter release: called after about every 2 MB of the old section read, so the
        ///   caller can give its pages back behind the read.
        mutating func addCarried(
            from old: WordLexicon, newIDs: UnsafeBufferPointer<UInt32>, release: () -> Void
        ) {
            precondition(wordCount == 0 && occurrences.isEmpty, "carried words come first")
            postingsAscend = false
            var read = 0
            for index in 0..<old.wordCount {
                var id: UInt32?
                let word = old.word(index)
                old.forEachString(holding: index) { oldString, first in
                    guard Int(oldString) < newIDs.count else { return }
                    let new = newIDs[Int(oldString)]
                    guard new != IndexFormat.absent32 else { return }
                    // The old words are distinct, so each is new here: added on its first string.
                    let wordID = id ?? self.wordID(word)
                    id = wordID
                    occurrences.append(UInt64(wordID) << 32 | UInt64(new << 1 | (first ? 1 : 0)))
                }
                read += word.count + 8
                if read >= 2 << 20 {
                    release()
                    read = 0
                }
            }
            sortedWords = wordCount
        }

        private func word(_ i: Int) -> ArraySlice<UInt8> {
            blob[(i == 0 ? 0 : Int(ends[i - 1]))..<Int(ends[i])]
        }

        /// The id of `word`, added when new.
        private mutating func wordID(_ word: UnsafeRawBufferPointer) -> UInt32 {
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for byte in word { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
            var slot = Int(truncatingIfNeeded: hash) & (slots.count - 1)
            while slots[slot] != 0 {
                let id = Int(slots[slot] - 1)
                if self.word(id).elementsEqual(word) { return UInt32(id) }
                slot = (slot + 1) & (slots.count - 1)
            }
            let id = UInt32(wordCount)
            blob.append(contentsOf: word)
            ends.append(UInt32(blob.count))
            slots[slot] = id + 1
            if 2 * wordCount > slots.count { grow() }
            return id
        }

        /// Twice the slots, every word hashed again.
        private mutating func grow() {
            slots = [UInt32](repeating: 0, count: 2 * slots.count)
            for id in 0..<wordCount {
                var hash: UInt64 = 0xCBF2_9CE4_8422_2325
                for byte in word(id) { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
                var slot = Int(truncatingIfNeeded: hash) & (slots.count - 1)
                while slots[slot] != 0 { slot = (slot + 1) & (slots.count - 1) }
                slots[slot] = UInt32(id + 1)
            }
        }

        /// Writes the section into `sink`: the words in byte order, each word's postings in
        /// ascending string id, a string that holds a word twice listed once (first if either is).
        consuming func write(into sink: some SectionSink) throws(FSFindError) {
            slots = []
            let words = (0..<wordCount).map { word($0) }
            let order = Self.byteOrder(words, sortedPrefix: sortedWords)
            var rank = [UInt32](repeating: 0, count: words.count)
            for (position, word) in order.enumerated() { rank[word] = UInt32(position) }
            // A counting sort by rank keeps each word's postings in the order they were added.
            var starts = [Int](repeating: 0, count: words.count + 1)
            for occurrence in occurrences { starts[Int(rank[Int(occurrence >> 32)]) + 1] += 1 }
            for i in 0..<words.count { starts[i + 1] += starts[i] }
            var postings = [UInt32](repeating: 0, count: occurrences.count)
            var next = starts
            for occurrence in occurrences {
                let r = Int(rank[Int(occurrence >> 32)])
                postings[next[r]] = UInt32(truncatingIfNeeded: occurrence)
                next[r] += 1
            }
            occurrences = []
            next = []
            if !postingsAscend {
                for r in 0..<words.count where !Self.ascends(postings[starts[r]..<starts[r + 1]]) {
                    postings[starts[r]..<starts[r + 1]].sort()
                }
            }
            // One posting per string and word (the same id twice in a row: flags joined), each
            // as its difference from the one before, in LEB128.
            var encoded: [UInt8] = []
            var ends = [UInt32](repeating: 0, count: words.count)
            for r in 0..<words.count {
                var previous: UInt32 = 0
                var k = starts[r]
                while k < starts[r + 1] {
                    var posting = postings[k]
                    k += 1
                    while k < starts[r + 1], postings[k] >> 1 == posting >> 1 {
                        posting |= postings[k]
                        k += 1
                    }
                    var delta = posting - previous
                    previous = posting
                    while delta >= 0x80 {
                        encoded.append(UInt8(delta & 0x7F) | 0x80)
                        delta >>= 7
                    }
                    encoded.append(UInt8(delta))
                }
                ends[r] = UInt32(encoded.count)
            }
            postings = []
            let blobBytes = words.reduce(0) { $0 + $1.count }
            var stream = try SectionStream(
                .words, length: 8 + 8 * words.count + encoded.count + blobBytes, sink: sink)
            stream.writer.appendLittleEndian(UInt32(words.count))
            stream.writer.appendLittleEndian(UInt32(encoded.count))
            var end: UInt32 = 0
            for word in order {
                end += UInt32(words[word].count)
                stream.writer.appendLittleEndian(end)
                try stream.flushIfFull()
            }
            for r in 0..<words.count {
                stream.writer.appendLittleEndian(ends[r])
                try stream.flushIfFull()
            }
            var start = 0
            while start < encoded.count {
                let end = min(encoded.count, start + SectionStream.piece)
                stream.writer.bytes.append(contentsOf: encoded[start..<end])
                try stream.flushIfFull()
                start = end
            }
            for word in order {
                stream.writer.bytes.append(contentsOf: words[word])
                try stream.flushIfFull()
            }
            try stream.finish(into: sink)
        }

        /// The word numbers of `words` in byte order; the first `sortedPrefix` are in it already,
        /// so only the others are sorted, then merged with them.
        private static func byteOrder(_ words: [ArraySlice<UInt8>], sortedPrefix: Int) -> [Int] {
            let tail = (sortedPrefix..<words.count).sorted { words[$0].lexicographicallyPrecedes(words[$1]) }
            guard sortedPrefix > 0 else { return tail }
            var order: [Int] = []
            order.reserveCapacity(words.count)
            var next = 0
            for index in 0..<sortedPrefix {
                while next < tail.count, words[tail[next]].lexicographicallyPrecedes(words[index]) {
                    order.append(tail[next])
                    next += 1
                }
                order.append(index)
            }
            order += tail[next...]
            return order
        }

        /// Whether `postings` ascend by string id (flags aside; equal ids are joined when written).
        private static func ascends(_ postings: ArraySlice<UInt32>) -> Bool {
            var previous: UInt32 = 0
            for posting in postings {
                if posting >> 1 < previous { return false }
                previous = posting >> 1
            }
            return true
        }
    }
}
