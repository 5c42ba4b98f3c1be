import FSFindExtraction
import FSFindInteractive
import SystemPackage

/// The loop `fsfind preview-worker` runs: read a ``PreviewRequest``, make its preview, reply,
/// until `fsfind search` closes the socket. The limits are the extraction workers' kind
/// (``ExtractionWorker/Limits``), tighter: a preview is wanted within a fraction of a second, and
/// the screen gives up on it after ``PreviewClient/timeout`` anyway.
package enum PreviewWorker {
    /// The extraction workers' 1 GiB of address space (loading FFmpeg and its codecs alone maps
    /// over 512 MiB), and 2 CPU seconds per preview.
    static let limits = ExtractionWorker.Limits(memoryBytes: 1 << 30, cpuSecondsPerFile: 2)

    /// The search screen's previewer: a client that runs this worker (`arguments`, its argv after
    /// the running executable: `["preview-worker"]`) one request at a time. Only the screen's
    /// protocol leaves this target, so the client's workings stay internal.
    package static func previewer(arguments: [String]) -> any FilePreviewer {
        PreviewClient(arguments: arguments)
    }

    package static func serve(input: FileDescriptor, output: FileDescriptor, limits: ExtractionWorker.Limits = limits)
        -> Int32
    {
        ExtractionWorker.serveRequests(
            input: input, output: output, limits: limits, decode: PreviewWire.decodeRequest, path: \.path
        ) { request in
            switch request {
            case .success(let request): [PreviewWire.encode(PreviewMaker.make(request))[...]]
            case .failure(let error): [PreviewWire.encode(.unavailable(error.reason))[...]]
            }
        }
    }
}
