import NIOCore

/// The open connections, so that there are never more than a limit well below the process's
/// descriptor limit.
///
/// Connections are never closed for being quiet between requests (up to the idle limit, hours),
/// so without a limit a local user who opens a thousand that send nothing takes every descriptor:
/// `accept` then fails and every request waits. When a connection beyond the limit arrives, the
/// one that has been idle longest is closed, preferring one that has never sent a request (a
/// flood's) over one that has (Samba's); when every connection is busy, the new one is refused.
/// Used on the server's one event loop only (``SearchServer``), through a loop-bound box.
final class ConnectionTable {
    private let limit: Int
    private let log: ServerLog
    private var open: [ObjectIdentifier: (channel: any Channel, guard: ConnectionGuard)] = [:]
    /// Connections closed or refused since the last log line: a flood is one line a second, not
    /// one per connection.
    private var unlogged = 0
    private var lastLogged: NIODeadline?

    init(limit: Int, log: ServerLog) {
        self.limit = limit
        self.log = log
    }

    /// A new connection: recorded, and room made for it (or it is closed) when there are too many.
    func admit(_ channel: any Channel, guard connectionGuard: ConnectionGuard) {
        let key = ObjectIdentifier(channel)
        open[key] = (channel, connectionGuard)
        // Admitted on the loop, and the close is seen on it: the one thread the table lives on.
        let table = NIOLoopBound(self, eventLoop: channel.eventLoop)
        channel.closeFuture.whenComplete { _ in table.value.open[key] = nil }
        guard open.count > limit else { return }
        let idle = open.filter { $0.key != key && $0.value.guard.isIdle }.map(\.value)
        let victim = idle.min { a, b in
            a.guard.hasRequested != b.guard.hasRequested
                ? !a.guard.hasRequested : a.guard.lastActive < b.guard.lastActive
        }
        if let victim {
            say("\(SearchServer.text(victim.channel.remoteAddress)): closed to make room for a new connection")
            open[ObjectIdentifier(victim.channel)] = nil
            victim.channel.close(promise: nil)
        } else {
            say("\(SearchServer.text(channel.remoteAddress)): refused, as every connection is busy")
            open[key] = nil
            channel.close(promise: nil)
        }
    }

    /// Logs `line`, or counts it when a line was written less than a second ago.
    private func say(_ line: String) {
        let now = NIODeadline.now()
        if let lastLogged, now - lastLogged < .seconds(1) {
            unlogged += 1
            return
        }
        let more = unlogged > 0 ? " (and \(unlogged) more since the last such line)" : ""
        log.write("\(line)\(more); \(limit) connections at most (fsfind serve --max-connections)")
        unlogged = 0
        lastLogged = now
    }

    /// Closes every connection; the future completes when all are closed.
    func closeAll(on loop: any EventLoop) -> EventLoopFuture<Void> {
        let channels = open.values.map(\.channel)
        open = [:]
        return EventLoopFuture.andAllComplete(channels.map { $0.close() }, on: loop)
    }

    /// How many connections are open.
    var count: Int { open.count }
}
