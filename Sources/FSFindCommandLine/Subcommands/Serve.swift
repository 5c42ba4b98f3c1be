import ArgumentParser
import FSFindElastic
import FSFindIndexFormat
import FSFindModel
import FSFindQuery
import FSFindSearch
import FSFindServe
import Foundation

extension FSFindCommand {
    /// `fsfind serve`: Elasticsearch's search API over the index, for Samba's Spotlight service.
    struct Serve: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "serve",
            abstract: "Answer Elasticsearch searches from the index (Spotlight for Macs through Samba).",
            discussion: """
                Samba's Spotlight service (mdssvc) sends a Mac's Finder searches to an Elasticsearch \
                server; fsfind serve answers them from the index instead, read-only, and follows the \
                index as fsfind index and fsfind watch replace it. In smb.conf:
                  spotlight backend = elasticsearch
                  elasticsearch:address = 127.0.0.1
                  elasticsearch:port = 9200
                  elasticsearch:index = fsfind
                and, in each share, spotlight = yes. It answers GET /, GET /NAME and POST /NAME/_search \
                with a query_string query (the fields of Samba's elasticsearch_mappings.json), until \
                SIGINT or SIGTERM (exit 0). Examples:
                  fsfind serve
                  fsfind serve --listen 0.0.0.0:9200 --index-name shares
                """)

        @Option(
            help: ArgumentHelp(
                "Address and port to listen on; loopback unless you name another (default 127.0.0.1:9200).",
                valueName: "addr:port"))
        var listen = "127.0.0.1:9200"

        @Option(
            name: .customLong("index-name"),
            help: ArgumentHelp("The index name clients ask for (smb.conf's elasticsearch:index).", valueName: "name"))
        var indexName = "fsfind"

        @Option(
            help: ArgumentHelp(
                "Queries answered at once (default: the number of cores, at least 2); more wait their turn.",
                valueName: "n"))
        var threads: Int?

        @Option(
            name: .customLong("request-timeout"),
            help: ArgumentHelp(
                "Seconds a request may take to arrive whole once begun; then the connection is closed.",
                valueName: "seconds"))
        var requestTimeout = 10

        @Option(
            name: .customLong("search-timeout"),
            help: ArgumentHelp(
                "Seconds a search may run before it is given up with a 503 (Samba waits 60).", valueName: "seconds"))
        var searchTimeout = 10

        @Option(
            name: .customLong("idle-timeout"),
            help: ArgumentHelp(
                "Seconds a connection may stay quiet between requests before it is closed (default a day).",
                valueName: "seconds"))
        var idleTimeout = 86_400

        @Option(
            name: .customLong("max-connections"),
            help: ArgumentHelp(
                "Connections open at once (default a quarter of the descriptor limit, at most 256); beyond it the longest idle is closed.",
                valueName: "n"))
        var maxConnections: Int?

        @Flag(help: "Log only refusals and errors, not every request.")
        var quiet = false

        @OptionGroup var indexOption: IndexOption

        func validate() throws {
            guard Self.address(listen) != nil else {
                throw ValidationError("--listen: expected ADDRESS:PORT (127.0.0.1:9200, [::1]:9200), not '\(listen)'")
            }
            if let threads, !(1...256).contains(threads) { throw ValidationError("--threads: expected 1 to 256") }
            guard (1...3600).contains(requestTimeout) else {
                throw ValidationError("--request-timeout: expected 1 to 3600 seconds")
            }
            guard (1...3600).contains(searchTimeout) else {
                throw ValidationError("--search-timeout: expected 1 to 3600 seconds")
            }
            guard (1...30 * 86_400).contains(idleTimeout) else {
                throw ValidationError("--idle-timeout: expected 1 to 2592000 seconds (30 days)")
            }
            if let maxConnections, !(2...65_536).contains(maxConnections) {
                throw ValidationError("--max-connections: expected 2 to 65536")
            }
            guard !indexName.isEmpty, indexName.allSatisfy({ $0.isLetter || $0.isNumber || "-_.".contains($0) }) else {
                throw ValidationError("--index-name: letters, digits, '-', '_' and '.' only")
            }
        }

        /// `host:port`, `[v6]:port`.
        static func address(_ text: String) -> (host: String, port: Int)? {
            guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]),
                (0...65535).contains(port)
            else { return nil }
            var host = String(text[..<colon])
            if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
            return host.isEmpty ? nil : (host, port)
        }

        func run() throws {
            // An index file cut short in place under a request fails that request, not the server.
            MappingFaults.recoverInstead()
            let frontEnd = QueryFrontEnd(indexPath: indexOption.path)
            // An index must be there at the start (a typo in --index is said at once); later a
            // missing one is a 503 until `fsfind index` writes it again.
            _ = try frontEnd.open()
            let context: QueryContext
            do { context = try QueryContext.fromEnvironment() } catch { throw FSFindError(.usage, error.message) }
            let (host, port) = Self.address(listen)!
            // A query is CPU work: more threads than cores add memory (each holds its rows), not
            // speed; two keep one slow query from holding up the rest.
            let limits = SearchServer.Limits(
                queryThreads: threads ?? max(2, ProcessInfo.processInfo.activeProcessorCount),
                requestSeconds: Int64(requestTimeout), searchSeconds: Double(searchTimeout),
                idleSeconds: Int64(idleTimeout), connections: maxConnections)
            try SearchServer.run(
                endpoint: ElasticEndpoint(indexName: indexName, frontEnd: frontEnd, context: context), host: host,
                port: port, limits: limits, logsRequests: !quiet, indexName: indexName, indexPath: indexOption.path)
        }
    }
}
