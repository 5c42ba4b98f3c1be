import FSFindModel
import FSFindQuery
import FSFindSearch

/// What ``SearchController`` asks its loop to do: paint, scan, read, ask the preview worker, open
/// a file, end the session. The loop carries out each in order and reports what came of it as a
/// ``SearchEvent``.
enum SearchEffect: Sendable {
    /// Paint this frame.
    case paint(SearchPaint)
    /// Answer the field by scanning the index; report ``SearchEvent/scanFinished(_:_:)``, or
    /// ``SearchEvent/scanStopped(_:)`` when a key arrives first.
    case scan(ScanOrder)
    /// Read the selected file's words from the text store; report ``SearchEvent/paneTextRead(_:_:)``.
    case readPaneText(PaneTextOrder)
    /// Ask the preview worker for this preview unless it is on its way (or a key waits); a reply
    /// comes as ``SearchEvent/previewArrived(_:_:)``.
    case requestPreview(PreviewTarget)
    /// Open the file with the desktop's default application; report a failure only.
    case open([UInt8])
    /// Write the recent searches' file.
    case saveRecentSearches(RecentSearches)
    /// Send the terminal these graphics commands outside a frame (the images to delete at the end).
    case sendGraphics(String)
    /// `FSFIND_SEARCH_TRACE`: the milliseconds since `since`, then `detail`.
    case traceSearch(since: ContinuousClock.Instant, detail: String)
    /// `FSFIND_PREVIEW_TRACE`: `what` (`list`, `preview`) and the milliseconds since `since`.
    case tracePreview(String, since: ContinuousClock.Instant)
    /// End the session.
    case finish(SearchOutcome)
}

/// How a search session ends.
package enum SearchOutcome: Sendable, Equatable {
    /// Enter on a result: print its path, exit 0.
    case accepted([UInt8])
    /// Esc, Ctrl-C or Ctrl-G, or the terminal went away: print nothing, exit 130.
    case cancelled
}

/// One frame for the painter, with what it needs besides the lines.
struct SearchPaint: Sendable {
    var layout: ScreenLayout
    var model: ScreenModel
    /// Kitty graphics commands (an image to send, one to delete) written before the frame.
    var graphics: String
    /// Repaint every line (after a resize or Ctrl-L), not only those that changed.
    var redrawAll: Bool

    /// The lines to paint.
    var frame: Frame { layout.render(model) }

    /// The lines to paint, the body taken from `memo` when it is the last one's.
    func frame(reusing memo: inout BodyMemo) -> Frame { layout.render(model, reusing: &memo) }
}

/// A scan the controller asks for: the field's query, where to look, and the rows to look at.
struct ScanOrder: Sendable {
    /// Counts the orders, so an answer to one the field has moved past is told apart and dropped.
    let number: Int
    let query: FieldQuery
    let scope: Scope
    /// The location scope's folder; nil for everywhere.
    let location: [UInt8]?
    /// The rows to scan (the last scan's matches when the field only narrowed); nil for every row.
    let candidates: [Int]?
}

/// The selected file's words the pane asks the text store for.
struct PaneTextOrder: Sendable {
    let row: Int
    let path: [UInt8]
    let identity: FileIdentity
    /// The field's typed text, compiled: the words to cut a snippet around; nil without text.
    let text: CompiledQuery?
    /// The field's text as typed, which the words are kept for.
    let field: String
    /// Whether the file's first lines are wanted when no snippet is found: not when its preview
    /// shows the file itself.
    let wantsStart: Bool
}

/// What the pane's preview box would show: the file, as the index recorded it, and the box.
struct PreviewTarget: Sendable, Hashable {
    var path: [UInt8]
    /// The file replaced since it was indexed is refused, as in extraction.
    var identity: FileIdentity
    /// Its content type tree, which decides the kind of preview.
    var tree: [String]
    var columns: Int
    var rows: Int
}
