import FSFindModel

/// Which rows have words in the text store, and under which document number: the
/// `textDocuments` section (`docs/index-format.md`).
///
/// The store answers a word with document numbers in ascending order. Finding those rows by
/// path and identity cost a join and a sort in SQLite and a path search per hit (a word in
/// 65,000 files of a million: about half of a free-text query). With this section each hit is a
/// step of a merge over `byDocument`, the rows' positions ordered by document number.
///
/// The numbers belong to one store, named by its ``generation``: a store made again (another
/// language, deleted) numbers from 1 again, so a reader asks for the matches of its own
/// generation only and an index written for another store matches no words.
///
/// A view of the mapped section: valid while its ``IndexFile`` is open.
package struct TextDocuments {
    /// The store these numbers belong to (``TextStore``'s generation).
    package let generation: UInt64
    /// How many rows have a document.
    let count: Int
    /// `rows[i]`, ascending; `documents[i]`, row `rows[i]`'s number; `byDocument[k]`, the `i`s in
    /// ascending order of `documents[i]`. Each `count` u32s, read bounds-checked.
    private let rows: UnsafeRawBufferPointer
    private let documents: UnsafeRawBufferPointer
    private let byDocument: UnsafeRawBufferPointer

    /// Section header: a u32 count, a reserved u32, the u64 generation.
    static let headerSize = 16

    init(_ bytes: UnsafeRawBufferPointer, itemCount: Int) throws(IndexDamage) {
        let count = Int(try bytes.littleEndianUInt32(at: 0))
        guard count <= itemCount else { throw IndexDamage("text documents count") }
        generation = try bytes.littleEndianUInt64(at: 8)
        self.count = count
        rows = try bytes.slice(from: Self.headerSize, count: 4 * count)
        documents = try bytes.slice(from: Self.headerSize + 4 * count, count: 4 * count)
        byDocument = try bytes.slice(from: Self.headerSize + 8 * count, count: 4 * count)
    }

    @inline(__always) private static func load(_ buffer: UnsafeRawBufferPointer, _ i: Int) -> UInt32 {
        UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self))
    }

    /// Entry `i` in row order: (row, document number).
    func entry(_ i: Int) -> (row: Int, document: UInt32) {
        (Int(Self.load(rows, i)), Self.load(documents, i))
    }

    /// Row `row`'s document number; nil when it has none.
    package func document(ofRow row: Int) -> UInt32? {
        var low = 0
        var high = count
        while low < high {
            let mid = low + (high - low) / 2
            let found = Int(Self.load(rows, mid))
            if found == row { return Self.load(documents, mid) }
            if found < row { low = mid + 1 } else { high = mid }
        }
        return nil
    }

    /// For each of `numbers` (ascending) and each row that has it, `body(position in numbers,
    /// row)`: files whose bytes are the same share a number (their words are stored once). A row
    /// of the index appears at most once. A forward merge: each number is found by a
    /// galloping search from the last one's place, so a rare word costs a few steps per hit and
    /// a common one a pass over the section. Positions that do not fit the section (damage past
    /// the checksum) are skipped.
    package func forEachRow(
        ofDocuments numbers: some RandomAccessCollection<UInt32>, itemCount: Int, _ body: (Int, Int) -> Void
    ) {
        func number(at k: Int) -> UInt32? {
            let i = Int(Self.load(byDocument, k))
            return i < count ? Self.load(documents, i) : nil
        }
        var k = 0
        for (position, wanted) in numbers.enumerated() {
            // Gallop to a place at or past `wanted`, then binary search the last step.
            var step = 1
            var low = k
            var high = k
            while high < count, (number(at: high) ?? .max) < wanted {
                low = high + 1
                high = min(count, high + step)
                step *= 2
            }
            while low < high {
                let mid = low + (high - low) / 2
                if (number(at: mid) ?? .max) < wanted { low = mid + 1 } else { high = mid }
            }
            k = low
            while k < count, number(at: k) == wanted {
                let row = Int(Self.load(rows, Int(Self.load(byDocument, k))))
                if row < itemCount { body(position, row) }
                k += 1
            }
        }
    }

    /// The section's bytes for rows `rows` (ascending) with document numbers `documents`.
    static func encoded(generation: UInt64, rows: [UInt32], documents: [UInt32]) -> [UInt8] {
        let sink = SectionList()
        // A section list takes sections whole and never fails.
        try? write(generation: generation, rows: rows, documents: documents, into: sink)
        return sink.sections.first?.bytes ?? []
    }

    /// Writes the section into `sink`, a megabyte at a time when it streams; the order by
    /// document number is worked out as 4-byte positions, half of what a fold held for this
    /// section as pairs (`benchmarks/RESULTS.md`, "Numbers that were in code comments").
    static func write(generation: UInt64, rows: [UInt32], documents: [UInt32], into sink: some SectionSink)
        throws(FSFindError)
    {
        var stream = try SectionStream(.textDocuments, length: headerSize + 12 * rows.count, sink: sink)
        stream.writer.appendLittleEndian(UInt32(rows.count))
        stream.writer.appendLittleEndian(UInt32(0))
        stream.writer.appendLittleEndian(generation)
        for row in rows {
            stream.writer.appendLittleEndian(row)
            try stream.flushIfFull()
        }
        for document in documents {
            stream.writer.appendLittleEndian(document)
            try stream.flushIfFull()
        }
        var order = [UInt32](0..<UInt32(documents.count))
        order.sort { documents[Int($0)] < documents[Int($1)] }
        for position in order {
            stream.writer.appendLittleEndian(position)
            try stream.flushIfFull()
        }
        try stream.finish(into: sink)
    }
}

extension IndexFile {
    /// The file's `textDocuments` section, checksummed; nil when no row has words in a store.
    package func textDocuments() throws(FSFindError) -> TextDocuments? {
        guard let section = fixed.textDocuments else { return nil }
        do throws(IndexDamage) {
            return try TextDocuments(try bytes(of: section), itemCount: itemCount)
        } catch {
            throw damaged(error)
        }
    }
}

extension IndexSnapshot {
    /// The text stores whose document numbers the rows carry: the generation of the base's and
    /// of the delta's `textDocuments` section, where there is one (a file has one only when a row
    /// of it has words). Empty when no row has words: an index made with `--no-content` needs no
    /// store.
    package func textGenerations() throws(FSFindError) -> Set<UInt64> {
        var generations: Set<UInt64> = []
        for file in files {
            if let documents = try file.textDocuments() { generations.insert(documents.generation) }
        }
        return generations
    }
}

/// A row's words as the text store keeps track of them: its document and its identity (what
/// ``IndexSnapshot/namedSources(ofDocuments:generation:)`` gathers).
struct NamedSource: Hashable, Sendable {
    let document: UInt32
    let identity: FileIdentity
}

extension IndexSnapshot {
    /// The document number of merged row `row` in the text store; nil when it has none.
    func textDocument(at row: Int) -> UInt32? {
        let (file, index) = location(of: row)
        return file.textDocument(at: index)
    }

    /// Whether a visible row names a document of `documents` (nil: every document) in the store
    /// of `generation`, with a given identity: what the store's sources must keep
    /// (``TextStore/collect(among:named:)`` asks it of each). Rows a delta hides are left out, and
    /// a file whose numbers belong to another store names none. The sections it reads are checked
    /// whole first (as a reader of the identities and documents checks them), each one's pages
    /// given back once checked, and what they name gathered before this returns.
    /// - Throws: ``FSFindError`` `.indexCorrupt` naming the damaged file and section.
    package func names(ofDocuments documents: [UInt32]?, generation: UInt64) throws(FSFindError)
        -> (_ document: UInt32, _ identity: FileIdentity) -> Bool
    {
        let named = try namedSources(ofDocuments: documents, generation: generation)
        return { document, identity in named.contains(NamedSource(document: document, identity: identity)) }
    }

    /// The (document, identity) pairs ``names(ofDocuments:generation:)`` answers for.
    func namedSources(ofDocuments documents: [UInt32]?, generation: UInt64) throws(FSFindError)
        -> Set<NamedSource>
    {
        _ = try reader(for: [], reading: [.identities, .textDocuments], releasingPages: true)
        var named: Set<NamedSource> = []
        for (k, file) in files.enumerated() {
            guard let numbers = try file.textDocuments(), numbers.generation == generation else { continue }
            func add(_ row: Int, _ document: UInt32) {
                guard let merged = mergedRow(file: k, row: row) else { return }
                named.insert(NamedSource(document: document, identity: identity(at: merged)))
            }
            if let documents {
                let wanted = Set(documents).sorted()
                numbers.forEachRow(ofDocuments: wanted, itemCount: file.itemCount) { position, row in
                    add(row, wanted[position])
                }
            } else {
                for i in 0..<numbers.count {
                    let (row, document) = numbers.entry(i)
                    if row < file.itemCount { add(row, document) }
                }
            }
        }
        return named
    }
}
