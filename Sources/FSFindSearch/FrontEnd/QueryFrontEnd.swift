import FSFindModel

/// The one way fsfind's front ends ask the index a question: `fsfind query` and its `--live`,
/// `fsfind serve`, `fsfind search` and the desktop provider all come through here, so each gets
/// the same reading of the index and the text store, the same errors, and (issue 43) the same
/// corrections.
///
/// It follows the index as `fsfind index` and `fsfind watch` replace it (``IndexSource``): a
/// one-shot command opens it once, a long-running reader asks ``open()`` per request and keeps
/// the snapshot while the files are the same.
package struct QueryFrontEnd: Sendable {
    let source: IndexSource

    package init(indexPath: String) {
        source = IndexSource(path: indexPath)
    }

    /// The index as it is now, for one request on one thread: the text store beside it is opened
    /// the first time a question needs words, then kept for the request's other questions.
    /// - Throws: ``FSFindError`` `.indexMissing`, `.indexCorrupt`, `.io` (the index's header).
    package func open() throws(FSFindError) -> OpenIndex {
        let (snapshot, generation) = try source.currentWithGeneration()
        return OpenIndex(snapshot: snapshot, generation: generation, source: source)
    }

    /// Lets the kernel take back the kept index's mapped pages (``IndexSource/releasePages()``):
    /// what a long-running reader calls when it goes idle.
    package func releasePages() { source.releasePages() }
}
