import SystemPackage

/// What the search screen needs of whatever draws its previews: one request at a time, sent once
/// the list is painted and collected while the screen goes on reading keys.
///
/// Declared here, by the screen that asks, so the screen never sees a file's bytes or a library:
/// `FSFindPreview`'s `Previews.client` (a client of a sandboxed worker process) is the one
/// the command line hands in.
package protocol FilePreviewer: AnyObject {
    /// How long a preview may take before it is given up and the pane says so.
    var timeout: Duration { get }

    /// Whether an item of this type (its content type tree) and name has a preview at all; the
    /// pane shows the attributes alone for one without. A rule on the two values alone, so the
    /// screen's `Sendable` settings can hold it.
    var previewable: @Sendable (_ tree: [String], _ name: [UInt8]) -> Bool { get }

    /// The request being worked on, if any.
    var pendingRequest: PreviewRequest? { get }

    /// The descriptor to poll beside the terminal while a request is pending.
    var descriptor: FileDescriptor? { get }

    /// When the pending request times out.
    var deadline: ContinuousClock.Instant? { get }

    /// Sends `request`; returns its answer at once when there can be no other, else nil and the
    /// answer comes from ``collect()``. Called only when nothing is pending.
    func send(_ request: PreviewRequest) -> FilePreview?

    /// Drops the pending request; the next one starts afresh.
    func abandon()

    /// The pending request and its answer once there is one (the reply, or why there is none),
    /// else nil.
    func collect() -> (PreviewRequest, FilePreview)?
}
