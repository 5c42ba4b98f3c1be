import NIOCore

/// Closes a connection that holds the server's resources without using them: a request that does
/// not arrive whole within a time limit, an answer its client does not read within the same
/// limit, or a connection quiet for longer than the idle limit.
///
/// It sits before the HTTP decoder, so it sees bytes, not requests: the request clock starts at
/// the first byte of a request and stops when the handler has the whole request
/// (``requestReceived()``). Between requests a connection may be quiet for a long time: Samba
/// keeps one connection per share for all its searches and fails the next search on a
/// connection the server closed, so the idle limit is hours, not seconds. The connection's state
/// is what ``ConnectionTable`` reads to choose which connection to close when there are too many.
final class ConnectionGuard: ChannelDuplexHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let limit: TimeAmount
    private let idleLimit: TimeAmount
    private let log: ServerLog
    private var deadline: Scheduled<Void>?
    private var idleDeadline: Scheduled<Void>?
    /// A whole request is in hand and its answer not yet taken: bytes now are the next one's.
    private(set) var answering = false
    /// Some request has arrived whole on this connection (Samba's have; a flood's never do).
    private(set) var hasRequested = false
    /// When the connection last did something (a read, an answer taken).
    private(set) var lastActive = NIODeadline.now()

    init(limit: TimeAmount, idleLimit: TimeAmount, log: ServerLog) {
        self.limit = limit
        self.idleLimit = idleLimit
        self.log = log
    }

    /// True when closing it loses nothing in progress: no request arriving, none being answered.
    var isIdle: Bool { deadline == nil && !answering }

    func channelActive(context: ChannelHandlerContext) {
        startIdleClock(context: context)
        context.fireChannelActive()
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { startIdleClock(context: context) }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        lastActive = .now()
        cancelIdleClock()
        if deadline == nil && !answering {
            deadline = close(
                context, after: limit,
                saying: "no whole request within \(limit.nanoseconds / 1_000_000_000) s; connection closed")
        }
        context.fireChannelRead(data)
    }

    /// The handler has a whole request: the clock stops.
    func requestReceived() {
        deadline?.cancel()
        deadline = nil
        answering = true
        hasRequested = true
    }

    /// The answer is being written: its client has the request's limit to take it.
    func answerWritten(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
        guard context.channel.isActive else { return }
        deadline = close(
            context, after: limit,
            saying: "the answer was not read within \(limit.nanoseconds / 1_000_000_000) s; connection closed")
    }

    /// The answer is taken: the next bytes start the request clock again, and quiet starts the
    /// idle clock.
    func answered(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
        answering = false
        lastActive = .now()
        startIdleClock(context: context)
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
        cancelIdleClock()
        context.fireChannelInactive()
    }

    private func startIdleClock(context: ChannelHandlerContext) {
        cancelIdleClock()
        // A connection already gone (an answer's write completing after the close) keeps no
        // clock: a day's timer per closed connection would pile up under a flood.
        guard context.channel.isActive else { return }
        idleDeadline = close(
            context, after: idleLimit,
            saying: "idle for \(idleLimit.nanoseconds / 1_000_000_000) s; connection closed")
    }

    private func cancelIdleClock() {
        idleDeadline?.cancel()
        idleDeadline = nil
    }

    /// Closes the connection after `delay` with a log line, unless cancelled first.
    private func close(_ context: ChannelHandlerContext, after delay: TimeAmount, saying line: String)
        -> Scheduled<Void>
    {
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        let peer = SearchServer.text(context.remoteAddress)
        let log = self.log
        return context.eventLoop.scheduleTask(in: delay) {
            log.write("\(peer): \(line)")
            bound.value.close(promise: nil)
        }
    }
}
