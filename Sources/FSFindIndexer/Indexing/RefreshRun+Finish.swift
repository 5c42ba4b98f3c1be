import FSFindIndexFormat
import FSFindModel
import FSFindText

extension RefreshRun {
    // MARK: - Finish

    /// Writes the new index beside the old one, not yet in place, and returns the order in which
    /// the commit makes it and the words visible. The file is written section by section into a
    /// temporary file (never whole in memory); when nothing but the roots' times changed, the
    /// previous file is copied as it is. A watcher's batch (`delta`) writes the delta instead: its
    /// rows with the old delta's others, and where each goes among the base's
    /// (``IndexUpdate/write(roots:createdAt:textGeneration:delta:replacing:)``).
    mutating func finish(delta: DeltaOutput?, holding lock: IndexLock) throws(FSFindError) -> CommitOrder {
        let indexPath = indexer.indexPath
        let written = try update.write(
            roots: roots, createdAt: indexer.now, textGeneration: words?.store.generation, delta: delta,
            replacing: delta == nil ? indexPath : IndexSnapshot.deltaPath(forIndex: indexPath))
        (summary.items, summary.unreadable, summary.unparsable, summary.copied) = (
            written.items, written.unreadable, written.unparsable, written.copied
        )
        // Only the documents of old rows that went or changed can have gone stale, unless a run
        // was killed after its commit (its words may name files never indexed): then everything
        // is checked.
        let stale = try words.map { words throws(FSFindError) in
            let documents = words.feeder.collectsEverything ? nil : try update.changedDocuments()
            return CommitOrder.StaleWords(store: { words.store }, documents: documents)
        }
        return try CommitOrder(holding: lock, feeder: words?.feeder, file: written, staleWords: stale)
    }
}
