import FSFindIndexFormat
import Glibc

/// When an idle watcher folds its delta into the base.
///
/// After ``after`` with no change, when the delta has grown past ``minimumBytes``.
/// A batch copies the delta once, so its cost grows with the delta, which may hold 5% of the
/// base's rows before a batch folds it (``Indexer/deltaLimit(baseItems:)``). Folded in a quiet
/// spell, the delta is small again when the next change comes, at the cost of a fold (a rewrite
/// of the base) at most once per quiet spell and only after that many bytes of changes
/// (`docs/decisions.md`, "The live index").
package struct IdleFold: Sendable {
    /// How long nothing must change before the delta is folded.
    package var after: Duration
    /// Deltas smaller than this stay: a batch copies them in a few milliseconds.
    package var minimumBytes: Int

    package static let standard = IdleFold(after: .seconds(30), minimumBytes: 256 << 10)

    /// How long after a fold its new base is checked: a file changed more recently is not
    /// remembered as checked (`VerifiedFiles.settledSeconds`, 2 s).
    static let checkDelay: Duration = .seconds(3)

    package init(after: Duration, minimumBytes: Int) {
        self.after = after
        self.minimumBytes = minimumBytes
    }

    /// True when the delta beside `indexPath` is large enough to fold in a quiet spell.
    func wants(indexPath: String) -> Bool {
        var status = stat()
        guard stat(IndexSnapshot.deltaPath(forIndex: indexPath), &status) == 0 else { return false }
        return Int(status.st_size) >= minimumBytes
    }
}
