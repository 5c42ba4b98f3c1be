import FSFindIndexFormat
import FSFindIndexer
import FSFindInteractive
import FSFindModel
import FSFindPreview
import FSFindQuery
import FSFindText
import Foundation
import Synchronization
import SystemPackage

/// The interactive search on the controlling terminal: the screen (``SearchScreen``, which runs
/// the loop), the preview worker's client and the index's folder watched for a new version.
final class SearchLoop {
    private let screen: SearchScreen
    /// Says when the index file is replaced (a watcher or `fsfind index` wrote it): the results
    /// are searched again in the new one. Nil when the index's folder cannot be watched.
    private let changes: IndexChanges?

    init(
        terminal: TerminalDevice, index: IndexReader, text: TextStore?, context: QueryContext, field: String,
        scope: Scope, everywhere: Bool, folder: [UInt8],
        reopen: @escaping () throws(FSFindError) -> (IndexReader, TextStore?)
    ) {
        changes = try? IndexChanges(indexPath: index.snapshot.path)
        screen = SearchScreen(
            terminal: KeyTerminal(terminal),
            previews: Previews.client(arguments: [FSFindCommand.PreviewWorkerCommand.name]),
            index: index, text: text, context: context, field: field, scope: scope, everywhere: everywhere,
            folder: folder, environment: ProcessInfo.processInfo.environment,
            emptyIndexHint: "The index is empty: run 'fsfind index FOLDER'", sentence: \.sentence, reopen: reopen)
    }

    /// Runs until Enter, Esc or Ctrl-C (or the terminal goes away).
    func run() -> SearchOutcome {
        screen.run(changes: changes?.polled)
    }
}

/// The screen's terminal: the controlling one, its bytes decoded into keys; a resize (SIGWINCH)
/// stops a scan as a key does.
final class KeyTerminal: SearchTerminal {
    private let device: TerminalDevice
    private var decoder = KeyDecoder()

    /// How long to wait after a lone ESC for the rest of an arrow key's sequence.
    static let escapeTimeoutMilliseconds: Int32 = 40

    init(_ device: TerminalDevice) {
        self.device = device
    }

    var interrupted: Bool { device.hasInput() || TerminalRestorer.resized.load(ordering: .relaxed) }

    func write(_ text: String) { device.write(text) }

    func hasInput() -> Bool { device.hasInput() }

    func size() -> (width: Int, height: Int) { device.size() }

    func takeResize() -> Bool { TerminalRestorer.resized.exchange(false, ordering: .relaxed) }

    func waitForInput(orReadable other: FileDescriptor, until deadline: ContinuousClock.Instant?) -> Bool {
        device.waitForInput(orReadable: other, until: deadline)
    }

    /// The keys waiting (at once unless `waiting`), an arrow key's sequence completed.
    func readKeys(waiting: Bool) -> [Key]? {
        guard var bytes = device.read(timeout: waiting ? -1 : 0) else { return nil }
        var keys = decoder.decode(bytes)
        if decoder.hasPending {
            bytes = device.read(timeout: Self.escapeTimeoutMilliseconds) ?? []
            keys += decoder.decode(bytes)
            if decoder.hasPending, bytes.isEmpty { keys += decoder.flush() }
        }
        return keys
    }
}
