import FSFindIndexFormat
import FSFindModel
import FSFindText

extension TextStore {
    /// The text store beside `index`, opened for reading and checked to be the one whose words the
    /// index names; nil when there is none and the index names no words (`--no-content`).
    ///
    /// What every reader that asks for words opens (`query`, `search`, `show`, `serve`): a store
    /// deleted, made again (a new generation: its numbers name other documents) or unreadable
    /// would otherwise answer free text with nothing, exit 0. Queries that read no words do not
    /// open it, and keep working without it.
    /// - Throws: ``FSFindError`` naming the store and `fsfind index` as the remedy: `.indexMissing`
    ///   when the index names words and the store is gone, `.indexCorrupt` when it is another
    ///   store than the index's or its schema is damaged, `.io` when a named pipe, folder or device
    ///   is in its place.
    package static func opened(beside index: IndexSnapshot) throws(FSFindError) -> TextStore? {
        let path = Self.path(forIndex: index.path)
        let generations = try index.textGenerations()
        let store: TextStore
        do {
            store = try TextStore(path: path, create: false)
        } catch  where error.code == .indexMissing {
            guard !generations.isEmpty else { return nil }
            throw FSFindError(
                .indexMissing,
                "the text store \(path) is missing, though the index \(index.path) has the words of files in it",
                path: path, remedy: .rebuildWords)
        }
        if generations.isEmpty || store.generation.map({ generations == [$0] }) == true { return store }
        throw FSFindError(
            .indexCorrupt,
            "the text store \(path) is not the one the index \(index.path) was written with "
                + "(it was made again since), so it holds none of the index's words",
            path: path, remedy: .rebuildWords)
    }
}
