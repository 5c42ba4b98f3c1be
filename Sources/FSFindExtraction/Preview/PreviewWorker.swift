import SystemPackage

/// The loop `fsfind preview-worker` runs: read a request (``PreviewOrder``), draw its preview
/// (``PreviewMaker``), reply, until `fsfind search` closes the socket. It lives with the
/// extraction workers because it is one of them: the same sandbox, the same libraries, hostile
/// files parsed the same way; the screen's client of it (`FSFindPreview`) sees only its bytes.
///
/// The limits are the extraction workers' kind (``ExtractionWorker/Limits``), tighter: a preview
/// is wanted within a fraction of a second, and the screen gives up on it after a few anyway.
package enum PreviewWorker {
    /// The extraction workers' 1 GiB of address space (loading FFmpeg and its codecs alone maps
    /// over 512 MiB), and 2 CPU seconds per preview.
    static let limits = ExtractionWorker.Limits(memoryBytes: 1 << 30, cpuSecondsPerFile: 2)

    /// Most cells on a side of a preview: a request or a reply for more is a broken peer.
    static let largestSide = 1000

    /// Whether an item of this type (its content type tree) and name has a preview at all: the
    /// screen asks before it starts a worker, so a file without one costs nothing.
    package static func draws(tree: [String], name: [UInt8]) -> Bool {
        PreviewMaker.kind(tree: tree, name: name) != nil
    }

    package static func serve(input: FileDescriptor, output: FileDescriptor) -> Int32 {
        serve(input: input, output: output, limits: limits)
    }

    static func serve(input: FileDescriptor, output: FileDescriptor, limits: ExtractionWorker.Limits) -> Int32 {
        ExtractionWorker.serveRequests(
            input: input, output: output, limits: limits, decode: PreviewOrder.init(decoding:), path: \.path
        ) { order in
            switch order {
            case .success(let order): [PreviewMaker.make(order).encoded[...]]
            case .failure(let error): [PreviewReply.unavailable(error.reason).encoded[...]]
            }
        }
    }
}
