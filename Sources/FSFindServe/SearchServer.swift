import FSFindElastic
import FSFindModel
import Glibc
import NIOCore
import NIOHTTP1
import NIOPosix

/// `fsfind serve`'s HTTP server: SwiftNIO's HTTP/1.1 codec, one event loop that moves bytes and a
/// pool of threads that answer queries (`docs/spotlight-over-smb.md`, "Threads").
package final class SearchServer {
    package struct Limits: Sendable {
        /// The largest request body read (Samba's are a few hundred bytes).
        var bodyBytes = 1 << 20
        /// How long a request may take to arrive whole once it has begun.
        var requestSeconds: Int64 = 10
        /// Threads answering queries at once.
        var queryThreads = 2
        /// How long a search may run before it is given up (a 503): a query that cannot finish
        /// soon must not hold one of the few query threads (Samba itself gives up after 60 s).
        var searchSeconds: Double = 10
        /// How long a connection may be quiet between requests before it is closed: far longer
        /// than Samba leaves its share's connection unused in a working day, but not forever.
        var idleSeconds: Int64 = 24 * 3600
        /// Open connections at most (``ConnectionTable``); nil: a quarter of the descriptor limit,
        /// at most 256.
        var connections: Int?
        /// Bytes of answers written but not yet taken by their clients, across the server, beyond
        /// which an answer larger than ``AnswerBudget/smallAnswer`` is refused with a 503.
        var pendingAnswerBytes = 64 << 20

        /// The defaults (the tests read them).
        init() {}

        /// The limits `fsfind serve`'s options set; the others keep their defaults.
        package init(
            queryThreads: Int, requestSeconds: Int64, searchSeconds: Double, idleSeconds: Int64, connections: Int?
        ) {
            self.queryThreads = queryThreads
            self.requestSeconds = requestSeconds
            self.searchSeconds = searchSeconds
            self.idleSeconds = idleSeconds
            self.connections = connections
        }
    }

    private let group: MultiThreadedEventLoopGroup
    private let pool: NIOThreadPool
    private let channel: any Channel
    /// Stops every search in progress when the server stops.
    private let stopping = RequestStop()
    /// The open connections (``ConnectionTable``), used on the loop only.
    private let connections: NIOLoopBoundBox<ConnectionTable>

    /// The address the server listens on (with the port the system chose for port 0).
    var address: String { Self.text(channel.localAddress) }

    /// `127.0.0.1:9200`, `[::1]:9200`, as logs and people write addresses.
    static func text(_ address: SocketAddress?) -> String {
        guard let address, let ip = address.ipAddress else { return "?" }
        switch address {
        case .v6: return "[\(ip)]:\(address.port ?? 0)"
        default: return "\(ip):\(address.port ?? 0)"
        }
    }

    /// Binds `host:port` and starts serving.
    init(endpoint: ElasticEndpoint, host: String, port: Int, limits: Limits = Limits(), log: ServerLog)
        throws(FSFindError)
    {
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        pool = NIOThreadPool(numberOfThreads: limits.queryThreads)
        pool.start()
        let pool = self.pool
        let loop = group.next()
        let table: NIOLoopBoundBox<ConnectionTable> = NIOLoopBoundBox.makeBoxSendingValue(
            ConnectionTable(limit: Self.connections(asked: limits.connections), log: log), eventLoop: loop)
        connections = table
        let requests = ElasticHTTPHandler.Shared(
            endpoint: endpoint, pool: pool, log: log, bodyLimit: limits.bodyBytes, searchSeconds: limits.searchSeconds,
            stopping: stopping, budget: AnswerBudget(limit: limits.pendingAnswerBytes))
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            // `accept` failing (no descriptor left) frees the spare one for the waiting connection
            // and waits a second before it accepts again, instead of spinning on the failure.
            .serverChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(DescriptorReserve(log: log))
                    try channel.pipeline.syncOperations.addHandler(
                        AcceptBackoffHandler(shouldForwardIOErrorCaught: false))
                }
            }
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let connectionGuard = ConnectionGuard(
                        limit: .seconds(limits.requestSeconds), idleLimit: .seconds(limits.idleSeconds), log: log)
                    try channel.pipeline.syncOperations.addHandler(connectionGuard)
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                    try channel.pipeline.syncOperations.addHandler(
                        ElasticHTTPHandler(requests, connectionGuard: connectionGuard))
                    table.value.admit(channel, guard: connectionGuard)
                }
            }
        do {
            channel = try bootstrap.bind(host: host, port: port).wait()
        } catch {
            try? group.syncShutdownGracefully()
            try? pool.syncShutdownGracefully()
            throw FSFindError(.io, "cannot listen on \(host):\(port): \(error)")
        }
    }

    /// The connections to allow: `asked`, or a quarter of the descriptors the process may open (each
    /// connection is one; the index, its text store and the threads take some) and at most 256;
    /// never more than half of them, so connections alone never leave `accept` without one.
    static func connections(asked: Int?) -> Int {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return asked ?? 256 }
        // RLIM_INFINITY is the largest rlim_t.
        let descriptors = Int(min(rlim_t(1 << 30), limit.rlim_cur))
        return max(8, min(asked ?? min(256, descriptors / 4), descriptors / 2))
    }

    /// Stops listening, stops the searches in progress (each answers 503 within moments), and
    /// ends the threads.
    func stop() {
        stopping.stop(.serverStopping)
        try? channel.close().wait()
        // The connections closed first: their descriptors are what the threads' shutdown needs
        // when a flood has taken every one (it trapped for want of one).
        let connections = self.connections
        let loop = channel.eventLoop
        try? loop.flatSubmit { connections.value.closeAll(on: loop) }.wait()
        try? pool.syncShutdownGracefully()
        try? group.syncShutdownGracefully()
    }
}
