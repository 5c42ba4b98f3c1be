import FSFindExtraction
import FSFindInteractive
import SystemPackage

/// The search screen's previewer: the preview worker's client (``PreviewWorkerClient``, which
/// starts, polices and replaces the worker) behind the protocol the screen declares, with the
/// screen's request and preview turned into the worker's order and reply (``PreviewWire``).
///
/// The screen sends a request once the list is painted, polls ``descriptor`` beside the terminal,
/// and calls ``collect()`` when it is readable or ``deadline`` has passed. The worker is
/// `fsfind preview-worker`, started from the running executable, with the worker's limits.
final class PreviewClient {
    /// How long a preview may take before the worker is killed and the pane says so.
    static let timeout: Duration = .seconds(3)

    private let worker: PreviewWorkerClient
    private var pending: PreviewRequest?

    /// `arguments`: the worker's argv after the executable (`["preview-worker"]`).
    init(executable: String = "/proc/self/exe", arguments: [String]) {
        worker = PreviewWorkerClient(executable: executable, arguments: arguments, timeout: Self.timeout)
    }

    /// The request being worked on, if any.
    var pendingRequest: PreviewRequest? { pending }

    /// The socket to poll while a request is pending.
    var descriptor: FileDescriptor? { worker.descriptor }

    /// When the pending request times out.
    var deadline: ContinuousClock.Instant? { worker.deadline }

    /// Sends `request`; returns its answer at once when there can be no other (no worker starts),
    /// else nil and the answer comes from ``collect()``. Call only when nothing is pending.
    func send(_ request: PreviewRequest) -> FilePreview? {
        if let reply = worker.send(PreviewWire.order(request)) { return PreviewWire.preview(reply) }
        pending = request
        return nil
    }

    /// Drops the pending request and kills its worker; the next request starts a fresh one.
    func abandon() {
        pending = nil
        worker.abandon()
    }

    /// The pending request and its answer: the reply when the worker has sent it, "took too long"
    /// after the deadline.
    func collect() -> (PreviewRequest, FilePreview)? {
        guard let request = pending, let reply = worker.collect() else { return nil }
        pending = nil
        return (request, PreviewWire.preview(reply))
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
