import FSFindIndexFormat
import FSFindModel
import FSFindText

extension RefreshRun {
    // MARK: - Finish

    /// Writes the new index beside the old one, not yet in place, and returns the order in which
    /// the commit makes it and the words visible. The file is written section by section into a
    /// temporary file (never whole in memory); when nothing but the roots' times changed, the
    /// previous file is copied as it is. A watcher's batch (`delta`) writes the delta instead:
    /// its rows with the old delta's others, and where each goes among the base's
    /// (``DeltaOutput/write(rows:builder:lastUsed:roots:createdAt:textGeneration:replacing:)``).
    mutating func finish(delta: DeltaOutput?, holding lock: IndexLock) throws(FSFindError) -> CommitOrder {
        let indexPath = indexer.indexPath
        let rows = plan.rows(builder: builder, previous: previous)
        let written: WrittenIndex
        if let delta {
            written = try delta.write(
                rows: rows, builder: &builder, lastUsed: plan.lastUsed, roots: roots, createdAt: indexer.now,
                textGeneration: words?.store.generation, replacing: IndexSnapshot.deltaPath(forIndex: indexPath))
        } else if let previous,
            let accessed = try Self.unchanged(
                previous, rows: rows, plan: plan, summary: summary, roots: roots, store: words?.store)
        {
            written = try previous.file.copy(
                refreshed: roots.map(\.lastRefresh), lastUsed: accessed ? plan.lastUsed : nil,
                createdAt: indexer.now, replacing: indexPath)
            summary.copied = true
        } else {
            written = try builder.write(
                rows: rows, oldLastUsed: plan.lastUsed, roots: roots, createdAt: indexer.now,
                textGeneration: words?.store.generation, replacing: indexPath)
        }
        let file = written.file
        (summary.items, summary.unreadable, summary.unparsable) = (
            written.items, written.unreadable, written.unparsable
        )
        // Only the documents of old rows that went or changed can have gone stale, unless a run
        // was killed after its commit (its words may name files never indexed): then everything
        // is checked.
        let stale = try words.map { words throws(FSFindError) in
            CommitOrder.StaleWords(
                store: { words.store },
                documents: words.feeder.collectsEverything ? nil : try plan.changedDocuments(previous))
        }
        return try CommitOrder(holding: lock, feeder: words?.feeder, file: file, staleWords: stale)
    }

    /// When a refresh wrote nothing but its roots' refresh times and its rows' access times,
    /// whether an access time is new;
    /// nil when anything else would differ: an item new, changed or gone, a row not copied in
    /// place, other roots or options, another text store, or a file in an older format (which a
    /// refresh upgrades). The file is then copied instead of written again, only the
    /// `lastUsedDate` column encoded anew when an access time changed
    /// (``IndexFile/copy(refreshed:lastUsed:createdAt:replacing:)``): re-encoding every row was a
    /// good part of such a refresh of a large tree (`benchmarks/RESULTS.md`, "A refresh that finds
    /// nothing changed copies the file").
    private static func unchanged(
        _ previous: PreviousIndex, rows: [RowSource], plan: RefreshPlan, summary: IndexSummary, roots: [IndexRoot],
        store: TextStore?
    ) throws(FSFindError) -> Bool? {
        let file = previous.file
        guard summary.new == 0, summary.changed == 0, summary.removed == 0, file.isCurrentFormat,
            rows.count == file.itemCount, previous.count == file.itemCount
        else { return nil }
        for (position, row) in rows.enumerated() where row != .old(position) { return nil }
        let old = try file.roots()
        guard old.count == roots.count,
            zip(old, roots).allSatisfy({ $0.path == $1.path && $0.options == $1.options })
        else { return nil }
        // The numbers of the rows' words belong to one store: the same one.
        if let documents = try file.textDocuments() {
            guard let generation = store?.generation, generation == documents.generation else { return nil }
        }
        // A kept row's access time replaces its stored one (``RefreshPlan/keep(_:accessTime:)``).
        guard let lastUsed = file.cells(of: .lastUsedDate) else { return nil }
        var accessed = false
        for (row, cell) in plan.lastUsed.enumerated() where cell != IndexFormat.absent64 && lastUsed.cell(row) != cell {
            accessed = true
            break
        }
        return accessed
    }
}
