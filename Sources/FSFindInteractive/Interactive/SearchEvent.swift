import FSFindIndexFormat
import FSFindSearch

/// What happened, as the search screen's loop tells ``SearchController``: keys, a resize, the
/// answers to the effects it carried out, a new index.
///
/// Plain values, so a test can play a session without a terminal, an index scan or a worker.
enum SearchEvent: Sendable {
    /// The screen is up, this many columns and rows: paint the first frame.
    case started(width: Int, height: Int)
    /// The window changed size: repaint every line at the new size.
    case resized(width: Int, height: Int)
    /// Keys read together (typed faster than the screen repaints), and when they were read (for
    /// the traces); the frame is painted once for all of them.
    case keys([Key], readAt: ContinuousClock.Instant)
    /// The keys are handled and the screen is painted: the field's answer may be worked out now,
    /// if it is due (``SearchController/needsSearch``).
    case readyToSearch
    /// The scan of `order` finished with `result`.
    case scanFinished(ScanOrder, ScanResult)
    /// The scan of `order` stopped because a key (or a resize) was waiting: it is stale, dropped.
    case scanStopped(ScanOrder)
    /// The scan of `order` failed; `message` says why, for the status line.
    case scanFailed(ScanOrder, message: String)
    /// No key waits and the field's answer is painted: the moment for the work that must never
    /// hold a key (the pane's words, the preview).
    case idle
    /// The text store's words for the pane, read for `order`.
    case paneTextRead(PaneTextOrder, PaneText)
    /// A preview drawn for `target` (by the worker, or a reason why it cannot be).
    case previewArrived(PreviewTarget, FilePreview)
    /// The index's value catalog, read on a thread of its own, for the suggestions.
    case catalogRead(ValueCatalog)
    /// A new version of the index replaced the one open; `hasTextStore` says whether it has words.
    case indexReplaced(IndexReader, hasTextStore: Bool)
    /// A new version of the index could not be read; the session stays on the old one.
    case indexUnreadable(message: String)
    /// `xdg-open` could not be started for `path`; `reason` says why.
    case openFailed([UInt8], reason: String)
    /// The session ends (however it ends): what the terminal must forget.
    case ending
}

/// The words of a file the pane shows, as the text store gave them.
enum PaneText: Sendable, Equatable {
    /// Cut around the field's words, on `page` when the text has pages.
    case snippet(String, page: Int?)
    /// The start of the file's text (when no preview shows the file itself).
    case start(String)
    /// No words: no store, the file has none, or the store could not be read.
    case nothing
}
