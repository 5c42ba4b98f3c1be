import FSFindIndexFormat
import FSFindModel
import FSFindText

extension CommitOrder {
    /// The documents that may have gone stale, looked at after the index is replaced.
    struct StaleWords {
        /// The store, opened when the step is taken (`fsfind forget` opens it only then).
        let store: () throws(FSFindError) -> TextStore
        /// The paths whose old rows this run replaced or removed; nil: every path.
        let paths: [[UInt8]]?

        /// Removes the documents of files the index at `indexPath` (just written) no longer has, as
        /// they are: a changed file's old words, a deleted file's, and those a killed run left behind.
        /// Looks at the documents of `paths` (nil: of every path), and clears the pending mark.
        func remove(readingIndex indexPath: String) throws(FSFindError) {
            let store = try self.store()
            guard store.path == TextStore.path(forIndex: indexPath) else {
                throw FSFindError.broken("the text store \(store.path) is not the one of \(indexPath)")
            }
            if let paths, paths.isEmpty {
                // Nothing replaced or removed (a first index, a refresh that changed nothing or only
                // added): no document can be stale, and the index just written need not be read.
                try store.write { writer throws(FSFindError) in try writer.clearCollectionPending() }
                return
            }
            let index = try IndexSnapshot(path: indexPath)
            // The lookups read names, strings and identities, each checked whole on first use: a
            // section at a time here, pages given back.
            for file in index.files { try file.prepare([], identities: true, problems: false, releasingPages: true) }
            var lookups = 0
            let current = { (path: [UInt8], identity: FileIdentity) -> Bool in
                // Thousands of binary searches touch pages all over a million-row index: given back
                // every thousand, so a burst's batch does not keep the whole index resident.
                lookups += 1
                if lookups % 1024 == 0 { for file in index.files { file.releaseAllPages() } }
                guard let row = index.rowIndex(ofPath: path) else { return false }
                return index.identity(at: row) == identity
            }
            _ = try store.write { writer throws(FSFindError) in
                if let paths {
                    _ = try writer.removeDocuments(atPaths: paths, keeping: current)
                } else {
                    _ = try writer.removeDocuments(keeping: current)
                }
                try writer.clearCollectionPending()
            }
        }
    }
}
