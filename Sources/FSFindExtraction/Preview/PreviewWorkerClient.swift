import Glibc
import SystemPackage

/// The caller's side of the preview worker (``PreviewWorker``, `fsfind preview-worker`): one order
/// at a time, answered while the caller goes on with its own work.
///
/// The caller sends an order, polls ``descriptor`` beside what else it waits on, and calls
/// ``collect()`` when it is readable or ``deadline`` has passed. A worker that takes longer than
/// its timeout (a page that loops, a decoder stuck in I/O) is killed, and so is one that crashes
/// or sends a broken reply; either way the next order starts a fresh one. The process and the
/// frames stay this target's, as the extraction workers' do: the caller hands over a
/// ``PreviewOrder`` and is given a ``PreviewReply``, a failure as the reason it shows
/// (``PreviewReply/unavailable(_:)``).
package final class PreviewWorkerClient {
    private let executable: String
    private let arguments: [String]
    private let timeout: Duration
    private var worker: WorkerProcess?
    /// When the order on its way times out; nil when none is.
    package private(set) var deadline: ContinuousClock.Instant?

    /// Workers of `executable` started with `arguments` (`["preview-worker"]`), each order given
    /// `timeout` to be answered.
    package init(executable: String, arguments: [String], timeout: Duration) {
        self.executable = executable
        self.arguments = arguments
        self.timeout = timeout
    }

    /// The socket to poll while an order is on its way.
    package var descriptor: FileDescriptor? { deadline == nil ? nil : worker?.descriptor }

    /// Sends `order`; returns its reply at once when there can be no other (no worker starts, the
    /// worker is gone), else nil and the reply comes from ``collect()``. Call only when no order
    /// is on its way.
    package func send(_ order: PreviewOrder) -> PreviewReply? {
        precondition(deadline == nil, "one preview at a time")
        if worker == nil {
            do throws(ExtractionError) {
                worker = try WorkerProcess(executable: executable, arguments: arguments, environment: [:])
            } catch {
                return .unavailable(error.reason)
            }
        }
        // Non-nil: set just above.
        if case .died(let how)? = worker!.send(order.encoded) {
            worker = nil
            return .unavailable("the previewer \(how)")
        }
        deadline = ContinuousClock.now + timeout
        return nil
    }

    /// Drops the order on its way and kills its worker; the next order starts a fresh one.
    package func abandon() {
        deadline = nil
        worker = nil
    }

    /// The reply to the order on its way once there is one: the worker's (it writes a reply whole,
    /// so reading it does not wait long), or why there is none ("took too long" after the
    /// deadline); nil while it is still being drawn.
    package func collect() -> PreviewReply? {
        guard let deadline, let worker else { return nil }
        let reply: PreviewReply
        if ContinuousClock.now >= deadline {
            self.worker = nil  // killed and reaped
            reply = .unavailable("it took too long to draw")
        } else {
            var watch = pollfd(fd: worker.descriptor.rawValue, events: Int16(POLLIN), revents: 0)
            guard poll(&watch, 1, 0) > 0 else { return nil }
            switch worker.reply(before: deadline) {
            case .reply(let payload):
                do throws(ExtractionError) {
                    reply = try PreviewReply(decoding: payload)
                } catch {
                    self.worker = nil
                    reply = .unavailable("the previewer sent a broken reply (\(error.reason))")
                }
            case .timedOut:
                self.worker = nil
                reply = .unavailable("it took too long to draw")
            case .died(let how):
                self.worker = nil
                reply = .unavailable("the previewer \(how)")
            }
        }
        self.deadline = nil
        return reply
    }
}
