import FSFindIndexFormat
import FSFindIndexer
import FSFindInteractive
import FSFindModel
import FSFindPreview
import FSFindQuery
import FSFindText
import Foundation
import Synchronization

/// The interactive search's event loop: polls the terminal, the preview worker and the index's
/// folder, reads and decodes keys, and hands what came to ``SearchScreen``, which decides what
/// the screen shows and carries it out.
///
/// Single-threaded on purpose: after each batch of keys the field is painted at once, then the
/// scan runs and polls the terminal every few thousand rows; a waiting key stops it (the search is
/// stale and dropped, never queued) and is handled first.
final class SearchLoop {
    private let terminal: TerminalDevice
    private let screen: SearchScreen
    /// Says when the index file is replaced (a watcher or `fsfind index` wrote it): the results
    /// are searched again in the new one. Nil when the index's folder cannot be watched.
    private let changes: IndexChanges?
    private var decoder = KeyDecoder()

    /// How long to wait after a lone ESC for the rest of an arrow key's sequence.
    static let escapeTimeoutMilliseconds: Int32 = 40

    init(
        terminal: TerminalDevice, index: IndexReader, text: TextStore?, context: QueryContext, field: String,
        scope: Scope, everywhere: Bool, folder: [UInt8],
        reopen: @escaping () throws(FSFindError) -> (IndexReader, TextStore?)
    ) {
        self.terminal = terminal
        changes = try? IndexChanges(indexPath: index.snapshot.path)
        screen = SearchScreen(
            terminal: terminal, previews: Previews.client(arguments: [FSFindCommand.PreviewWorkerCommand.name]),
            index: index, text: text, context: context, field: field, scope: scope, everywhere: everywhere,
            folder: folder, environment: ProcessInfo.processInfo.environment,
            emptyIndexHint: "The index is empty: run 'fsfind index FOLDER'", sentence: \.sentence, reopen: reopen)
    }

    /// Runs until Enter, Esc or Ctrl-C (or the terminal goes away).
    func run() -> SearchOutcome {
        defer { screen.end() }
        let size = terminal.size()
        screen.start(width: size.width, height: size.height)
        while true {
            if TerminalRestorer.resized.exchange(false, ordering: .relaxed) {
                let size = terminal.size()
                screen.resize(width: size.width, height: size.height)
            }
            screen.searchIfDue()
            // The pane's words and the preview come after the list is painted, and only when no
            // key waits; the preview's reply is read between keys.
            if !screen.needsSearch, !terminal.hasInput() { screen.idle() }
            if !screen.needsSearch, let wait = screen.previewWait,
                !terminal.waitForInput(orReadable: wait.descriptor, until: wait.deadline)
            {
                screen.collectPreview()
                continue
            }
            // Idle: wait for a key or a new version of the index, whichever comes first.
            if !screen.needsSearch, let changes, !terminal.waitForInput(orReadable: changes.descriptor, until: nil) {
                if changes.replaced() { screen.reload() }
                continue
            }
            guard let keys = readKeys() else { return .cancelled }
            guard !keys.isEmpty else { continue }
            if let outcome = screen.keys(keys, readAt: ContinuousClock.now) { return outcome }
        }
    }

    /// The keys waiting (at once while a search is due, else when one comes), an arrow key's
    /// sequence completed; nil when the terminal is gone.
    private func readKeys() -> [Key]? {
        guard var bytes = terminal.read(timeout: screen.needsSearch ? 0 : -1) else { return nil }
        var keys = decoder.decode(bytes)
        if decoder.hasPending {
            bytes = terminal.read(timeout: Self.escapeTimeoutMilliseconds) ?? []
            keys += decoder.decode(bytes)
            if decoder.hasPending, bytes.isEmpty { keys += decoder.flush() }
        }
        return keys
    }
}

/// The screen's terminal is the controlling one; a resize (SIGWINCH) stops a scan as a key does.
extension TerminalDevice: SearchTerminal {
    var interrupted: Bool { hasInput() || TerminalRestorer.resized.load(ordering: .relaxed) }
}
