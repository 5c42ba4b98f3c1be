import CPlatform
import FSFindElastic
import FSFindModel
import Glibc

extension SearchServer {
    /// `fsfind serve`: answers `endpoint`'s searches on `host:port` until SIGINT or SIGTERM, then
    /// stops the server and returns. The command line only wires its options to this, as
    /// `fsfind desktop-search` calls `DesktopProvider.serve`, so the server's parts stay here.
    ///
    /// The termination signals are blocked first, before the server starts a thread, so every
    /// thread inherits the mask and only the `sigwait` below takes them. `indexName` and
    /// `indexPath` are what the first log line names.
    package static func run(
        endpoint: ElasticEndpoint, host: String, port: Int, limits: Limits, logsRequests: Bool, indexName: String,
        indexPath: String
    ) throws(FSFindError) {
        fsfind_block_termination()
        let log = ServerLog()
        let server = try SearchServer(
            endpoint: endpoint, host: host, port: port, limits: limits, log: ServerLog(logsRequests: logsRequests))
        log.write("listening on http://\(server.address)/\(indexName) (index \(indexPath))")
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        var received: Int32 = 0
        while sigwait(&signals, &received) != 0 {}
        log.write("stopping (\(received == SIGINT ? "SIGINT" : "SIGTERM"))")
        server.stop()
    }
}
