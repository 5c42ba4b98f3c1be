import Glibc
import NIOCore
import SystemPackage

/// One descriptor kept free for the moment the process has no other, so that `accept` failing for
/// want of one does not spin the event loop.
///
/// SwiftNIO's listener asks again at once when `accept` fails before any connection of a round
/// was taken, and the waiting connection keeps the socket readable: with every descriptor in use
/// the loop spun a core on `EMFILE` and answered nothing. The remedy nginx and libev use: on
/// `EMFILE` or `ENFILE` the spare descriptor is closed, so the next `accept` takes the waiting
/// connection, which is closed at once, and the spare is opened again. Server channel only.
final class DescriptorReserve: ChannelInboundHandler {
    typealias InboundIn = any Channel
    typealias InboundOut = any Channel

    private let log: ServerLog
    private var spare = DescriptorReserve.openSpare()
    /// The spare was given up: the next accepted connection is closed.
    private var draining = false
    private var lastLogged: NIODeadline?

    init(log: ServerLog) {
        self.log = log
    }

    deinit {
        _ = try? spare?.close()
    }

    /// `/dev/null`, opened to hold a descriptor; nil when none is left even for it. (NIOCore has a
    /// `FileDescriptor` protocol of its own: swift-system's is named in full.)
    private static func openSpare() -> SystemPackage.FileDescriptor? {
        try? SystemPackage.FileDescriptor.open("/dev/null", .readOnly, options: .closeOnExec)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard draining else {
            context.fireChannelRead(data)
            return
        }
        draining = false
        let child = unwrapInboundIn(data)
        context.fireChannelRead(data)
        // After the listener has set the connection up (a task queued on this loop), closed;
        // its descriptor is the spare again.
        let reserve = NIOLoopBound(self, eventLoop: context.eventLoop)
        child.eventLoop.execute {
            child.close().whenComplete { _ in
                reserve.value.spare = DescriptorReserve.openSpare()
            }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if let error = error as? IOError, error.errnoCode == EMFILE || error.errnoCode == ENFILE {
            let now = NIODeadline.now()
            if lastLogged.map({ now - $0 >= .seconds(10) }) ?? true {
                log.write(
                    "no file descriptor left to accept a connection (\(error)); the newest are closed until some are free"
                )
                lastLogged = now
            }
            if let descriptor = spare {
                _ = try? descriptor.close()
                spare = nil
                draining = true
            }
        }
        context.fireErrorCaught(error)
    }
}
