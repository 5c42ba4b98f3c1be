/// What one `fsfind index` run did; printed as the one-line summary.
public struct IndexSummary: Sendable, Equatable {
    public var items = 0
    public var new = 0
    public var changed = 0
    public var removed = 0
    public var unreadable = 0
    /// Items whose content an extractor could not parse (kept with their file-system attributes).
    public var unparsable = 0
    public var seconds = 0.0
    /// Regular files opened to identify them; 0 for a refresh where nothing changed.
    public var opened = 0

    public init() {}

    /// `12034 items, 120 new, 3 changed, 1 removed, 2 unreadable, 1 unparsable, 1.84 s`
    public var line: String {
        let time = (seconds * 100).rounded() / 100
        return "\(items) items, \(new) new, \(changed) changed, \(removed) removed, \(unreadable) unreadable, "
            + "\(unparsable) unparsable, \(time) s"
    }

    /// The summary plus the count of files opened, for `--verbose`.
    public var verboseLine: String { line + ", \(opened) files opened" }
}
