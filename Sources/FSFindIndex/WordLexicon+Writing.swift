import FSFindModel

extension WordLexicon {
    /// The words of strings `0..<count` (``ValueWords``), gathered as the strings section is
    /// written: each distinct word once, with the ids of the strings that hold it.
    struct Builder {
        /// Word ids by their bytes.
        private var ids: [[UInt8]: UInt32] = [:]
        private var words: [[UInt8]] = []
        /// Per occurrence: the word's id in the high half, the posting in the low half.
        private var occurrences: [UInt64] = []

        /// Adds string `id`'s words; ids must come in ascending order.
        mutating func add(_ bytes: UnsafeRawBufferPointer, id: UInt32) {
            ValueWords.forEach(in: bytes) { word, first in
                let key = Array(word)
                let wordID: UInt32
                if let known = ids[key] {
                    wordID = known
                } else {
                    wordID = UInt32(words.count)
                    ids[key] = wordID
                    words.append(key)
                }
                occurrences.append(UInt64(wordID) << 32 | UInt64(id << 1 | (first ? 1 : 0)))
            }
        }

        /// Writes the section into `sink`: the words in byte order, each word's postings in
        /// ascending string id, a string that holds a word twice listed once (first if either is).
        consuming func write(into sink: some SectionSink) throws(FSFindError) {
            ids = [:]
            let order = words.indices.sorted { a, b in
                words[a].withUnsafeBytes { x in words[b].withUnsafeBytes { y in WordLexicon.compare(x, y) < 0 } }
            }
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
    }
}
