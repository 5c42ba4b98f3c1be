import FSFindModel

/// Everything `fsfind query` asks of the index besides the query itself.
package struct SearchRequest: Sendable {
    var scope: Scope = .all
    /// Location scopes: only items at or below one of these (absolute, resolved) folders.
    var onlyIn: [[UInt8]] = []
    /// nil: `relevance` for free text, `path` otherwise.
    var sort: SortKey?
    var reverse = false
    var limit: Int?
    /// Threads to scan with; nil: as ``PartitionedScan`` cuts a scan. Tests set it to check that
    /// a split scan answers as one thread does.
    var scanThreads: Int?
    /// Whether a ranked search weighs matches in files' words by the text store's BM25. Without
    /// it they rank below every name or title match, in path order, and the store is not asked
    /// for BM25 (most of a common word's lookup, ``TextStore/search(_:ranked:)``): what `fsfind serve`
    /// asks, since Samba passes Finder paths, never an order.
    var wordRelevance = true
    /// Asked now and then while the search runs (between the text store's questions, every few
    /// thousand rows of the scan); when it says yes the search ends with ``FSFindError`` code
    /// `.stopped` (or with what it found, ``answersWhatItFoundWhenStopped``). What a server gives
    /// a search whose time is up or whose client has gone.
    var shouldStop: (@Sendable () -> Bool)?
    /// With ``shouldStop``: a search told to stop answers with the rows it found until then
    /// (ranked among themselves) instead of ending with `.stopped`. What the desktop provider asks:
    /// GNOME wants the whole search within about half a second, and some answer beats none.
    var answersWhatItFoundWhenStopped = false

    /// A request as a front end asks it, whole: `fsfind query` names what it prints, a server
    /// also how its searches rank words and when they stop.
    package init(
        scope: Scope = .all, onlyIn: [[UInt8]] = [], sort: SortKey? = nil, reverse: Bool = false, limit: Int? = nil,
        wordRelevance: Bool = true, shouldStop: (@Sendable () -> Bool)? = nil,
        answersWhatItFoundWhenStopped: Bool = false
    ) {
        self.scope = scope
        self.onlyIn = onlyIn
        self.sort = sort
        self.reverse = reverse
        self.limit = limit
        self.wordRelevance = wordRelevance
        self.shouldStop = shouldStop
        self.answersWhatItFoundWhenStopped = answersWhatItFoundWhenStopped
    }
}
