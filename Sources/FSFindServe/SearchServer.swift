import FSFindElastic
import FSFindModel
import NIOCore
import NIOHTTP1
import NIOPosix

/// `fsfind serve`'s HTTP server: SwiftNIO's HTTP/1.1 codec, one event loop that moves bytes and a
/// pool of threads that answer queries (`docs/spotlight-over-smb.md`, "Threads").
package final class SearchServer {
    package struct Limits: Sendable {
        /// The largest request body read (Samba's are a few hundred bytes).
        package var bodyBytes = 1 << 20
        /// How long a request may take to arrive whole once it has begun.
        package var requestSeconds: Int64 = 10
        /// Threads answering queries at once.
        package var queryThreads = 2

        package init() {}
    }

    private let group: MultiThreadedEventLoopGroup
    private let pool: NIOThreadPool
    private let channel: any Channel

    /// The address the server listens on (with the port the system chose for port 0).
    package var address: String { Self.text(channel.localAddress) }

    /// `127.0.0.1:9200`, `[::1]:9200`, as logs and people write addresses.
    static func text(_ address: SocketAddress?) -> String {
        guard let address, let ip = address.ipAddress else { return "?" }
        switch address {
        case .v6: return "[\(ip)]:\(address.port ?? 0)"
        default: return "\(ip):\(address.port ?? 0)"
        }
    }

    /// Binds `host:port` and starts serving.
    package init(endpoint: ElasticEndpoint, host: String, port: Int, limits: Limits = Limits(), log: ServerLog)
        throws(FSFindError)
    {
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        pool = NIOThreadPool(numberOfThreads: limits.queryThreads)
        pool.start()
        let pool = self.pool
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let slowGuard = SlowRequestGuard(limit: .seconds(limits.requestSeconds), log: log)
                    try channel.pipeline.syncOperations.addHandler(slowGuard)
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                    try channel.pipeline.syncOperations.addHandler(
                        ElasticHTTPHandler(
                            endpoint: endpoint, pool: pool, slowGuard: slowGuard, log: log,
                            bodyLimit: limits.bodyBytes))
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

    /// Stops listening, lets the answers in progress finish, and ends the threads.
    package func stop() {
        try? channel.close().wait()
        try? pool.syncShutdownGracefully()
        try? group.syncShutdownGracefully()
    }
}
