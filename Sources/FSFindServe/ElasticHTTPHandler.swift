import CPlatform
import FSFindElastic
import NIOCore
import NIOHTTP1
import NIOPosix

/// One connection's requests: the body gathered (up to a limit), the answer worked out on the
/// thread pool, never on the event loop, and written back with its length.
///
/// The event loop only moves bytes, so a slow query (a free-text search of a million items takes
/// about half a second) holds one pool thread while the loop goes on reading, refusing and
/// answering other connections; queries beyond the pool's threads wait their turn.
final class ElasticHTTPHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    /// What every connection's handler shares.
    struct Shared: Sendable {
        var endpoint: ElasticEndpoint
        var pool: NIOThreadPool
        var log: ServerLog
        var bodyLimit: Int
        /// How long one search may run (``RequestStop``).
        var searchSeconds: Double
        /// The server's own stop, which every request's stop follows.
        var stopping: RequestStop
        var budget: AnswerBudget
    }

    private let shared: Shared
    private let connectionGuard: ConnectionGuard

    private var head: HTTPRequestHead?
    private var body: [UInt8] = []
    /// The request was refused before its end (too large): the rest of it is dropped.
    private var refused = false
    /// The search running for this connection, stopped if the client goes away.
    private var inFlight: RequestStop?

    init(_ shared: Shared, connectionGuard: ConnectionGuard) {
        self.shared = shared
        self.connectionGuard = connectionGuard
    }

    private var log: ServerLog { shared.log }
    private var bodyLimit: Int { shared.bodyLimit }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
            body = []
            refused = false
            if let length = head.headers.first(name: "content-length").flatMap(Int.init), length > bodyLimit {
                refuse(context: context, head: head, length: length)
            }
        case .body(var buffer):
            guard !refused, let head else { return }
            if body.count + buffer.readableBytes > bodyLimit {
                refuse(context: context, head: head, length: body.count + buffer.readableBytes)
                return
            }
            body += buffer.readBytes(length: buffer.readableBytes) ?? []
        case .end:
            guard let head, !refused else { return }
            self.head = nil
            connectionGuard.requestReceived()
            let endpoint = shared.endpoint
            let method = head.method.rawValue
            let path = String(head.uri.split(separator: "?", maxSplits: 1).first ?? "")
            let body = self.body
            self.body = []
            let started = NIODeadline.now()
            let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
            let stop = RequestStop(seconds: shared.searchSeconds, parent: shared.stopping)
            inFlight = stop
            shared.pool.runIfActive(eventLoop: context.eventLoop) {
                let response = endpoint.respond(method: method, path: path, body: body, stop: stop)
                // A query over a million rows allocates tens of megabytes (row lists, the text
                // store's hits) in this thread's malloc arena; given back now, not kept until the
                // arena happens to be reused.
                fsfind_release_free_memory()
                return response
            }.whenComplete { result in
                let (handler, context) = bound.value
                handler.inFlight = nil
                // Nobody is left to read it.
                guard context.channel.isActive else { return }
                let response: ElasticEndpoint.Response
                switch result {
                case .success(let answer): response = answer
                case .failure:
                    response = ElasticEndpoint.error(
                        503, type: "fsfind_shutting_down", reason: "the server is stopping")
                }
                let milliseconds = (NIODeadline.now() - started).nanoseconds / 1_000_000
                handler.log.request(
                    "\(handler.peer(context)) \(method) \(head.uri) \(response.status) \(milliseconds) ms",
                    status: response.status)
                handler.write(response, for: head, context: context, keepAlive: head.isKeepAlive)
            }
        }
    }

    /// A body over the limit: 413, then the connection is closed (its rest is never read).
    private func refuse(context: ChannelHandlerContext, head: HTTPRequestHead, length: Int) {
        refused = true
        connectionGuard.requestReceived()
        log.write(
            "\(peer(context)) \(head.method.rawValue) \(head.uri): a body of \(length) bytes is over the limit of \(bodyLimit); refused and closed"
        )
        let response = ElasticEndpoint.error(
            413, type: "content_too_long_exception",
            reason: "request body is larger than the limit of \(bodyLimit) bytes")
        write(response, for: head, context: context, keepAlive: false)
    }

    private func write(
        _ response: ElasticEndpoint.Response, for head: HTTPRequestHead, context: ChannelHandlerContext, keepAlive: Bool
    ) {
        var response = response
        if !shared.budget.take(response.body.utf8.count) {
            log.write(
                "\(peer(context)) \(head.method.rawValue) \(head.uri): an answer of \(response.body.utf8.count) bytes refused, as other clients have not yet read theirs"
            )
            response = ElasticEndpoint.error(
                503, type: "fsfind_busy",
                reason: "other clients have not yet read their answers; ask again, or for fewer hits")
            _ = shared.budget.take(response.body.utf8.count)
        }
        let taken = response.body.utf8.count
        let buffer = context.channel.allocator.buffer(string: response.body)
        response.body = ""
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "application/json; charset=UTF-8")
        headers.add(name: "Content-Length", value: String(buffer.readableBytes))
        if !keepAlive { headers.add(name: "Connection", value: "close") }
        let status = HTTPResponseStatus(statusCode: response.status)
        context.write(
            wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: status, headers: headers))),
            promise: nil)
        if head.method != .HEAD {
            context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
        }
        let bound = NIOLoopBound((context, connectionGuard), eventLoop: context.eventLoop)
        let budget = shared.budget
        connectionGuard.answerWritten(context: context)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
            // Written, or failed because the connection closed: either way no longer held.
            budget.giveBack(taken)
            let (context, connectionGuard) = bound.value
            connectionGuard.answered(context: context)
            if !keepAlive { context.close(promise: nil) }
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        // The client is gone: its search stops, nobody will read the answer.
        inFlight?.stop(.clientGone)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        log.write("\(peer(context)): \(error); connection closed")
        context.close(promise: nil)
    }

    /// `127.0.0.1:41234`, `[::1]:41234`.
    private func peer(_ context: ChannelHandlerContext) -> String {
        SearchServer.text(context.remoteAddress)
    }
}
