import Dispatch
import Synchronization

/// When one request's search should give up: its time is up, its client has gone, or the server
/// is stopping. Asked by the search between the text store's questions and every few thousand
/// rows (``FSFindSearch/SearchRequest/shouldStop``), so a request that cannot finish soon holds
/// its thread for at most its time limit, and SIGTERM ends the server in a second, not minutes.
package final class RequestStop: Sendable {
    /// Why the work was given up.
    package enum Reason: UInt8, Sendable {
        case none = 0
        /// The time limit passed.
        case timedOut
        /// The client closed the connection: nobody will read the answer.
        case clientGone
        /// The server is stopping.
        case serverStopping
    }

    /// Seconds the search may run; nil without a limit.
    let limit: Double?
    private let deadline: UInt64?
    /// What stops every request at once (the server's own stop), asked after this one's.
    private let parent: RequestStop?
    private let said = Atomic<UInt8>(Reason.none.rawValue)

    /// A stop that only ``stop(_:)`` (or `parent`'s) triggers when `seconds` is nil.
    package init(seconds: Double? = nil, parent: RequestStop? = nil) {
        limit = seconds
        deadline = seconds.map { DispatchTime.now().uptimeNanoseconds + UInt64(max(0, $0) * 1e9) }
        self.parent = parent
    }

    /// Asks the work to end (the first reason given is kept).
    package func stop(_ reason: Reason) {
        _ = said.compareExchange(expected: Reason.none.rawValue, desired: reason.rawValue, ordering: .relaxed)
    }

    /// Why the work should end now; `.none` while it may go on.
    var reason: Reason {
        if let parent, case let inherited = parent.reason, inherited != .none { stop(inherited) }
        if let deadline, DispatchTime.now().uptimeNanoseconds >= deadline { stop(.timedOut) }
        return Reason(rawValue: said.load(ordering: .relaxed)) ?? .none
    }

    /// True once the work should end.
    var shouldStop: Bool { reason != .none }
}
