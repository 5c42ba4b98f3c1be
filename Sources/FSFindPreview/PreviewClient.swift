import FSFindExtraction
import FSFindInteractive
import Glibc
import SystemPackage

/// The search screen's side of the preview worker: one request at a time, answered while the
/// screen goes on reading keys.
///
/// The screen sends a request once the list is painted, polls ``descriptor`` beside the terminal,
/// and calls ``collect()`` when it is readable or ``deadline`` has passed. A worker that takes
/// longer than ``timeout`` (a page that loops, a decoder stuck in I/O) is killed, and so is one
/// that crashes; either way the next request starts a fresh one. The worker is
/// `fsfind preview-worker`, started from the running executable, with the worker's limits.
final class PreviewClient {
    /// How long a preview may take before the worker is killed and the pane says so.
    static let timeout: Duration = .seconds(3)

    private let executable: String
    private let arguments: [String]
    private var worker: WorkerProcess?
    private var pending: (request: PreviewRequest, deadline: ContinuousClock.Instant)?

    /// `arguments`: the worker's argv after the executable (`["preview-worker"]`).
    init(executable: String = "/proc/self/exe", arguments: [String]) {
        self.executable = executable
        self.arguments = arguments
    }

    /// The request being worked on, if any.
    var pendingRequest: PreviewRequest? { pending?.request }

    /// The socket to poll while a request is pending.
    var descriptor: FileDescriptor? { pending == nil ? nil : worker?.descriptor }

    /// When the pending request times out.
    var deadline: ContinuousClock.Instant? { pending?.deadline }

    /// Sends `request`; returns its answer at once when there can be no other (no worker starts),
    /// else nil and the answer comes from ``collect()``. Call only when nothing is pending.
    func send(_ request: PreviewRequest) -> FilePreview? {
        precondition(pending == nil, "one preview at a time")
        if worker == nil {
            do throws(ExtractionError) {
                worker = try WorkerProcess(executable: executable, arguments: arguments, environment: [:])
            } catch {
                return .unavailable(error.reason)
            }
        }
        // Non-nil: set just above.
        if case .died(let how)? = worker!.send(PreviewWire.encode(request)) {
            worker = nil
            return .unavailable("the previewer \(how)")
        }
        pending = (request, ContinuousClock.now + Self.timeout)
        return nil
    }

    /// Drops the pending request and kills its worker; the next request starts a fresh one.
    func abandon() {
        pending = nil
        worker = nil
    }

    /// The pending request and its answer: the reply when the worker has sent it (it writes a
    /// reply whole, so reading it does not wait long), "took too long" after the deadline.
    func collect() -> (PreviewRequest, FilePreview)? {
        guard let (request, deadline) = pending, let worker else { return nil }
        let preview: FilePreview
        if ContinuousClock.now >= deadline {
            self.worker = nil  // killed and reaped
            preview = .unavailable("it took too long to draw")
        } else {
            var watch = pollfd(fd: worker.descriptor.rawValue, events: Int16(POLLIN), revents: 0)
            guard poll(&watch, 1, 0) > 0 else { return nil }
            switch worker.reply(before: deadline) {
            case .reply(let payload):
                do throws(ExtractionError) {
                    preview = try PreviewWire.decodePreview(payload)
                } catch {
                    self.worker = nil
                    preview = .unavailable("the previewer sent a broken reply (\(error.reason))")
                }
            case .timedOut:
                self.worker = nil
                preview = .unavailable("it took too long to draw")
            case .died(let how):
                self.worker = nil
                preview = .unavailable("the previewer \(how)")
            }
        }
        pending = nil
        return (request, preview)
    }
}

/// The search screen's previewer (``FilePreviewer``, declared by the screen): this worker's
/// client, with the worker's word on which files have a preview.
extension PreviewClient: FilePreviewer {
    var timeout: Duration { Self.timeout }

    var previewable: @Sendable (_ tree: [String], _ name: [UInt8]) -> Bool {
        { tree, name in PreviewWorker.draws(tree: tree, name: name) }
    }
}
