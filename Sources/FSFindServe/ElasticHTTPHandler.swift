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

    private let endpoint: ElasticEndpoint
    private let pool: NIOThreadPool
    private let slowGuard: SlowRequestGuard
    private let log: ServerLog
    private let bodyLimit: Int

    private var head: HTTPRequestHead?
    private var body: [UInt8] = []
    /// The request was refused before its end (too large): the rest of it is dropped.
    private var refused = false

    init(endpoint: ElasticEndpoint, pool: NIOThreadPool, slowGuard: SlowRequestGuard, log: ServerLog, bodyLimit: Int) {
        self.endpoint = endpoint
        self.pool = pool
        self.slowGuard = slowGuard
        self.log = log
        self.bodyLimit = bodyLimit
    }

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
            slowGuard.requestReceived()
            let endpoint = self.endpoint
            let method = head.method.rawValue
            let path = String(head.uri.split(separator: "?", maxSplits: 1).first ?? "")
            let body = self.body
            self.body = []
            let started = NIODeadline.now()
            let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
            pool.runIfActive(eventLoop: context.eventLoop) {
                let response = endpoint.respond(method: method, path: path, body: body)
                // A query over a million rows allocates tens of megabytes (row lists, the text
                // store's hits) in this thread's malloc arena; given back now, not kept until the
                // arena happens to be reused.
                fsfind_release_free_memory()
                return response
            }.whenComplete { result in
                let (handler, context) = bound.value
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
        slowGuard.requestReceived()
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
        let bytes = Array(response.body.utf8)
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "application/json; charset=UTF-8")
        headers.add(name: "Content-Length", value: String(bytes.count))
        if !keepAlive { headers.add(name: "Connection", value: "close") }
        let status = HTTPResponseStatus(statusCode: response.status)
        context.write(
            wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: status, headers: headers))),
            promise: nil)
        if head.method != .HEAD {
            context.write(
                wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: bytes)))), promise: nil)
        }
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        let slowGuard = NIOLoopBound(self.slowGuard, eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
            slowGuard.value.answered()
            if !keepAlive { bound.value.close(promise: nil) }
        }
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
