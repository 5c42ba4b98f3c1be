import FSFindIndexFormat
import FSFindText
import Foundation

extension InteractiveScan {
    /// The scan of a search session over `reader` (a reader of everything a field can read) and
    /// its text store: the session's clock `now` is what its results' recency lifts count from.
    package init(reader: IndexReader, now: Date, text: TextStore?) {
        self.init(reader: reader, ranker: ResultRanker(now: now), text: text)
    }
}
