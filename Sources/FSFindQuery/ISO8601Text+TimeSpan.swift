import FSFindModel
import Foundation

extension ISO8601Text {
    /// The ``TimeSpan`` this text stands for: an instant, or for a bare date the whole local day.
    func resolve(in calendar: Calendar) -> TimeSpan? {
        interval(in: calendar).map { TimeSpan(start: $0.start, end: $0.end) }
    }
}
