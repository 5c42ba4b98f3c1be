/// When `fsfind watch` applies the events it has gathered: at once for a change that comes alone,
/// after a pause when changes keep coming.
///
/// A change after a quiet spell is applied as soon as the events waiting have been read, so a file
/// saved, renamed or deleted is found at once; only a file created and not yet closed after
/// writing is waited for (its `IN_CLOSE_WRITE`, for at most ``settle``), so it is read once, whole.
/// Once changes keep coming (a batch naming more than ``promptPaths`` paths, a lost event, or
/// prompt batches that took ``promptShare`` of the last ``longest`` in CPU time), events are
/// gathered until they pause for ``quiet`` or have come for ``longest``, so a checkout or an
/// unpacked archive is still a few batches, not thousands, and a steady trickle of small changes
/// costs at most that share of a core (`docs/decisions.md`, "The live index").
///
/// A value: the loop tells it what happened and asks when the batch is due; it reads no clock.
struct BatchTiming {
    typealias Instant = ContinuousClock.Instant

    /// The longest a prompt batch waits for a file created in it to be closed.
    static let settle: Duration = .milliseconds(50)
    /// Once changes keep coming: after the last event, how long to wait for more.
    static let quiet: Duration = .milliseconds(200)
    /// The longest a batch waits while events keep coming; also the window in which prompt
    /// batches are counted.
    static let longest: Duration = .seconds(1)
    /// A batch naming more paths than this is part of a burst, not a change that came alone.
    static let promptPaths = 64
    /// The CPU time prompt batches may take within ``longest``; past it, changes are gathered.
    static let promptShare: Duration = longest / 2

    /// The first and last event of the batch being gathered; nil when none is pending.
    private(set) var firstEvent: Instant?
    private(set) var lastEvent: Instant?
    /// The prompt batches applied within the last ``longest``: when each ended, and its CPU time.
    private var recentPrompt: [(end: Instant, cost: Duration)] = []

    /// An event that changes the batch arrived at `now`.
    mutating func noted(at now: Instant) {
        if firstEvent == nil { firstEvent = now }
        lastEvent = now
    }

    /// Whether the pending batch is applied promptly: it is small, no event was lost, and the
    /// prompt batches that ended within ``longest`` of `now` took less than ``promptShare``.
    func isPrompt(paths: Int, everything: Bool, at now: Instant) -> Bool {
        guard !everything, paths <= Self.promptPaths else { return false }
        var spent = Duration.zero
        for batch in recentPrompt where now - batch.end < Self.longest { spent += batch.cost }
        return spent < Self.promptShare
    }

    /// When the pending batch is to be applied; nil when none is pending.
    ///
    /// - Parameters:
    ///   - paths: how many paths the batch names.
    ///   - unclosed: whether a file created in it has not been closed after writing yet.
    ///   - everything: whether events were lost (the batch refreshes every root).
    func due(paths: Int, unclosed: Bool, everything: Bool, at now: Instant) -> Instant? {
        guard let firstEvent, let lastEvent else { return nil }
        if isPrompt(paths: paths, everything: everything, at: now) {
            return unclosed ? firstEvent + Self.settle : firstEvent
        }
        return min(lastEvent + Self.quiet, firstEvent + Self.longest)
    }

    /// The pending batch was applied at `now`, promptly or not, taking `cost` of CPU time; the
    /// next event starts another.
    mutating func applied(prompt: Bool, cost: Duration, at now: Instant) {
        firstEvent = nil
        lastEvent = nil
        recentPrompt.removeAll { now - $0.end >= Self.longest }
        if prompt { recentPrompt.append((now, cost)) }
    }
}
