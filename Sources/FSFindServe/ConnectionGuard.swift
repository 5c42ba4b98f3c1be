import NIOCore

/// Closes a connection whose request does not arrive whole within a time limit.
///
/// It sits before the HTTP decoder, so it sees bytes, not requests: the clock starts at the
/// first byte of a request and stops when the handler has the whole request
/// (``requestReceived()``). A connection that is merely quiet between requests is left open:
/// Samba keeps one connection per share for all its searches, and a search sent on a connection
/// the server had closed would fail on the Mac.
final class SlowRequestGuard: ChannelDuplexHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let limit: TimeAmount
    private let log: ServerLog
    private var deadline: Scheduled<Void>?
    /// A whole request is in hand and its answer not yet written: bytes now are the next one's.
    private var answering = false

    init(limit: TimeAmount, log: ServerLog) {
        self.limit = limit
        self.log = log
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if deadline == nil && !answering {
            let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
            let peer = SearchServer.text(context.remoteAddress)
            let log = self.log
            let seconds = limit.nanoseconds / 1_000_000_000
            deadline = context.eventLoop.scheduleTask(in: limit) {
                log.write("\(peer): no whole request within \(seconds) s; connection closed")
                bound.value.close(promise: nil)
            }
        }
        context.fireChannelRead(data)
    }

    /// The handler has a whole request: the clock stops.
    func requestReceived() {
        deadline?.cancel()
        deadline = nil
        answering = true
    }

    /// The answer is written: the next bytes start the clock again.
    func answered() {
        answering = false
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
        context.fireChannelInactive()
    }
}
