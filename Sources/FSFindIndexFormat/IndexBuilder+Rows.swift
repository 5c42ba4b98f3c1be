import FSFindModel
import Foundation

extension IndexBuilder {
    /// Encodes `rows` (in path-byte order, one per path) and `roots` as a complete file in memory.
    ///
    /// `oldLastUsed[r]`, when not ``IndexFormat/absent64``, replaces the `lastUsedDate` of a row
    /// copied from old row `r`: the access time is the one thing an unchanged file's crawl updates.
    ///
    /// With an `overlay` the file is a delta (``IndexOverlay``): its rows are read over a base.
    ///
    /// `textGeneration` names the text store whose document numbers the rows carry
    /// (``TextDocuments``); nil keeps the previous file's.
    mutating func encode(
        rows: some RandomAccessCollection<RowSource>, oldLastUsed: [UInt64] = [], roots: [IndexRoot], createdAt: Date,
        overlay: IndexOverlay? = nil, textGeneration: UInt64? = nil
    ) throws(FSFindError) -> IndexImage {
        let sections = SectionList()
        try encode(
            rows: rows, oldLastUsed: oldLastUsed, roots: roots, overlay: overlay, textGeneration: textGeneration,
            into: sections)
        return try IndexImage(sections: sections.sections, itemCount: rows.count, createdAt: createdAt)
    }

    /// ``encode(rows:oldLastUsed:roots:createdAt:overlay:textGeneration:)`` written section by
    /// section into a temporary file beside `path`, each section let go once written, so the
    /// file is never whole in memory. The returned writer has flushed the file; its
    /// ``IndexFileWriter/commit()`` renames it over `path` (dropped without that, the file goes).
    mutating func write(
        rows: some RandomAccessCollection<RowSource>, oldLastUsed: [UInt64] = [], roots: [IndexRoot], createdAt: Date,
        textGeneration: UInt64? = nil, replacing path: String
    ) throws(FSFindError) -> WrittenIndex {
        let file = try write(
            rows: rows, oldLastUsed: oldLastUsed, roots: roots, createdAt: createdAt, overlay: nil,
            textGeneration: textGeneration, replacing: path)
        return WrittenIndex(file: file, items: rows.count, unreadable: unreadableWritten, unparsable: unparsableWritten)
    }

    /// ``write(rows:oldLastUsed:roots:createdAt:textGeneration:replacing:)`` of a delta, whose
    /// `overlay` says which base rows it hides and where its rows go (``DeltaOutput``).
    mutating func write(
        rows: some RandomAccessCollection<RowSource>, oldLastUsed: [UInt64] = [], roots: [IndexRoot], createdAt: Date,
        overlay: IndexOverlay?, textGeneration: UInt64? = nil, replacing path: String
    ) throws(FSFindError) -> IndexFileWriter {
        let writer = try IndexFileWriter(replacing: path)
        try encode(
            rows: rows, oldLastUsed: oldLastUsed, roots: roots, overlay: overlay, textGeneration: textGeneration,
            into: writer)
        try writer.finish(itemCount: rows.count, createdAt: createdAt)
        return writer
    }

    /// Hands the file's sections to `sink` as they are made: the per-row sections, the type
    /// table, problems and columns, then the text documents, the roots and the overlay, and last
    /// the lists and strings, which every section before may add to.
    private mutating func encode(
        rows: some RandomAccessCollection<RowSource>, oldLastUsed: [UInt64], roots: [IndexRoot], overlay: IndexOverlay?,
        textGeneration: UInt64?, into sink: some SectionSink
    ) throws(FSFindError) {
        let add = { (section: EncodedSection) throws(FSFindError) in try sink.add(section) }
        // The staged cells are handed to the first encoding (``StagedItems/takeColumn(_:)``).
        guard !staged.columnsTaken else { throw FSFindError.broken("a builder's items were encoded twice") }
        // Row numbers stay below 2³¹: the builder tags a replaced row's number with the top bit.
        guard rows.count < Int(RowEmitter.replacedTag) else {
            throw FSFindError(
                .io, "cannot write an index of \(rows.count) items; at most \(RowEmitter.replacedTag - 1) fit")
        }
        var emitter = try RowEmitter(old: old, rows: rows, staged: staged, sink: sink)
        // Counted by hand: `enumerated()` over a collection this generic function does not know
        // looked up its tuple's type metadata on every row.
        var position = 0
        for source in rows {
            if source.staged >= 0 {
                try emitter.emitStaged(Int(source.staged), replacing: Int(source.old), row: position, builder: &self)
            } else {
                try emitter.emitOld(Int(source.old), row: position, builder: &self)
            }
            position += 1
        }
        unreadableWritten = emitter.problems.reduce(0) {
            $0 + ($1.kind == UInt32(ItemProblem.Kind.unreadable.rawValue) ? 1 : 0)
        }
        unparsableWritten = emitter.problems.reduce(0) {
            $0 + ($1.kind == UInt32(ItemProblem.Kind.unparsable.rawValue) ? 1 : 0)
        }
        try emitter.finish(oldLastUsed: oldLastUsed, builder: &self, into: sink)
        if !emitter.documentRows.isEmpty {
            let generation = textGeneration ?? emitter.oldDocuments?.generation ?? 0
            try TextDocuments.write(
                generation: generation, rows: emitter.documentRows, documents: emitter.documentNumbers, into: sink)
        }
        // Nothing below reads the rows: what the emitter holds goes before the strings are copied.
        emitter.release()
        try add(try encodeRoots(roots))
        if let overlay { try add(EncodedSection(kind: .overlay, bytes: overlay.encoded())) }
        try add(EncodedSection(kind: .lists, bytes: encodedLists()))
        // The largest table last, streamed when the sink can take it in pieces (not copied whole).
        try writeStrings(to: sink)
        try writeWords(to: sink)
    }

    private mutating func encodeRoots(_ roots: [IndexRoot]) throws(FSFindError) -> EncodedSection {
        // A root the previous file had keeps its strings' ids, carried like the rows' strings:
        // looking its path up as a new string would hash the whole table.
        let known = (try? old?.rootStringIDs()) ?? []
        let oldRoots = (try? old?.roots()) ?? []
        var writer = ByteWriter()
        writer.appendLittleEndian(UInt32(roots.count))
        for root in roots {
            let match = zip(oldRoots, known).first {
                $0.0.path == root.path && $0.0.options.excludes == root.options.excludes
            }?.1
            if let match {
                writer.appendLittleEndian(try carriedString(match.path))
            } else {
                writer.appendLittleEndian(try newString(root.path))
            }
            writer.appendLittleEndian(UInt32(root.options.includeHidden ? 1 : 0))
            writer.appendLittleEndian(IndexFormat.bits(of: root.lastRefresh.timeIntervalSinceReferenceDate))
            writer.appendLittleEndian(UInt32(root.options.excludes.count))
            for (position, exclude) in root.options.excludes.enumerated() {
                if let match {
                    writer.appendLittleEndian(try carriedString(match.excludes[position]))
                } else {
                    writer.appendLittleEndian(try newString(exclude))
                }
            }
        }
        return EncodedSection(kind: .roots, bytes: writer.bytes)
    }

    private func encodedLists() -> [UInt8] {
        var writer = ByteWriter()
        writer.appendLittleEndian(UInt32(lists.values.count))
        var offset: UInt32 = 0
        writer.appendLittleEndian(offset)
        for list in lists.values {
            offset += UInt32(list.count)
            writer.appendLittleEndian(offset)
        }
        for list in lists.values { for id in list { writer.appendLittleEndian(id) } }
        return writer.bytes
    }
}

/// One section's bytes and directory fields, before placement in the file.
struct EncodedSection {
    var kind: SectionKind
    var param: UInt32 = 0
    var format: UInt32 = 0
    var bytes: [UInt8]
}
