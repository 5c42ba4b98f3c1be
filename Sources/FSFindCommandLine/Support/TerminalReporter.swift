import FSFindIndexer
import Foundation
import Synchronization

/// Writes the indexer's progress line and problems to stderr.
///
/// The progress line is redrawn in place and only on a terminal; problems (unreadable entries) are
/// errors and always printed, one line each, the path shown with invalid UTF-8 replaced.
final class TerminalReporter: IndexReporter, Sendable {
    private let showProgress: Bool
    /// Whether the progress line is on the screen; held while a line is written, so lines from
    /// two threads never interleave.
    private let lineShown = Mutex(false)

    init(showProgress: Bool) {
        self.showProgress = showProgress
    }

    func progress(_ line: String) {
        guard showProgress else { return }
        lineShown.withLock { lineShown in
            StandardError.writeTerminalCodes("\r\u{1B}[K")
            StandardError.write(line)
            lineShown = true
        }
    }

    func problem(path: [UInt8], message: String) {
        lineShown.withLock { lineShown in
            Self.clearLine(&lineShown)
            StandardError.write("fsfind: \(TerminalText.shown(path)): \(message)\n")
        }
    }

    func missingRoot(path: [UInt8], reason: String, keptUntil: Date?) {
        let shown = TerminalText.shown(path)
        let message: String
        if let keptUntil {
            let day = keptUntil.formatted(.iso8601.year().month().day())
            message =
                "fsfind: \(shown): the indexed folder is missing (\(reason)); its items are kept until \(day), "
                + "or 'fsfind forget \(shown)' drops them now\n"
        } else {
            message =
                "fsfind: \(shown): the indexed folder has been missing for "
                + "\(Int(Indexer.missingRootRetention / 86400)) days (\(reason)); it and its items are removed\n"
        }
        lineShown.withLock { lineShown in
            Self.clearLine(&lineShown)
            StandardError.write(message)
        }
    }

    /// Removes the progress line before the summary or an error is printed.
    func finish() {
        lineShown.withLock { Self.clearLine(&$0) }
    }

    private static func clearLine(_ lineShown: inout Bool) {
        if lineShown {
            StandardError.writeTerminalCodes("\r\u{1B}[K")
            lineShown = false
        }
    }
}
