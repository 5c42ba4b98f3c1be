import FSFindIndexFormat
import FSFindModel
import FSFindText

extension CommitOrder {
    /// The documents that may have gone stale, looked at after the index is replaced.
    struct StaleWords {
        /// The store, opened when the step is taken (`fsfind forget` opens it only then).
        let store: () throws(FSFindError) -> TextStore
        /// The documents of the old rows this run replaced or removed; nil: every document.
        let documents: [UInt32]?

        /// Removes what the index at `indexPath` (just written) no longer names, as it is: the
        /// sources no row names with its identity any more (a changed file's old self, a deleted
        /// file), then the documents left without a source (with their words), and those a
        /// killed run left behind. Looks at `documents` (nil: every document), clears the
        /// pending mark, and returns the store written, for the commit's last step.
        func remove(readingIndex indexPath: String) throws(FSFindError) -> TextStore {
            let store = try self.store()
            guard store.path == TextStore.path(forIndex: indexPath) else {
                throw FSFindError.broken("the text store \(store.path) is not the one of \(indexPath)")
            }
            // A store without a generation is named by no index: everything in it goes. Nothing
            // with words replaced or removed (a first index, a refresh that changed nothing or
            // only added): no document can be stale, and the index just written need not be read.
            var named: (UInt32, FileIdentity) -> Bool = { _, _ in false }
            if let generation = store.generation, documents?.isEmpty != true {
                // The rows that name the documents are found through the documents section, and
                // their identities read (checked whole first, each section's pages given back).
                named = try IndexSnapshot(path: indexPath).names(ofDocuments: documents, generation: generation)
            }
            try store.collect(among: documents, named: named)
            return store
        }
    }
}
