/// What one `fsfind index` run did; printed as the one-line summary.
package struct IndexSummary: Sendable, Equatable {
    var items = 0
    var new = 0
    var changed = 0
    var removed = 0
    var unreadable = 0
    /// Items whose content an extractor could not parse (kept with their file-system attributes).
    var unparsable = 0
    var seconds = 0.0
    /// Regular files opened to identify them; 0 for a refresh where nothing changed.
    var opened = 0
    /// Whether the previous file was copied as it was, only its roots' refresh times new (a
    /// refresh that found nothing changed, ``Indexer``).
    var copied = false
    /// Files whose words were not read because an earlier file of the run has the same bytes
    /// (``TextTwins``): they name that file's words in the text store.
    var sharedWords = 0
    /// A watcher's batch left the delta past ``DeltaFoldPolicy``'s limit and was told not to fold
    /// it itself: the caller folds it (``Indexer/foldDelta(ofIndex:)``, in a process of its own).
    var foldDue = false

    init() {}

    /// `12034 items, 120 new, 3 changed, 1 removed, 2 unreadable, 1 unparsable, 1.84 s`
    package var line: String {
        let time = (seconds * 100).rounded() / 100
        return "\(items) items, \(new) new, \(changed) changed, \(removed) removed, \(unreadable) unreadable, "
            + "\(unparsable) unparsable, \(time) s"
    }

    /// The summary plus the count of files opened (and of files whose words another file with the
    /// same bytes brought), for `--verbose`.
    package var verboseLine: String {
        line + ", \(opened) files opened"
            + (sharedWords > 0 ? ", words of \(sharedWords) taken from files with the same bytes" : "")
    }
}
