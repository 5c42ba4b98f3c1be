import CAVFormat
import FSFindModel
import Glibc

/// The few FFmpeg functions the media extractor calls, loaded with `dlopen` on first use.
///
/// Linking libavformat would make every `fsfind` start load FFmpeg and the 150 libraries it
/// depends on (codecs, X11, VA-API, …), many times a query's own time (`benchmarks/RESULTS.md`,
/// "Extraction cost per file: audio and video").
/// Loaded here, only a process that reads a media file pays, which is an extraction worker. The
/// sonames come from the headers' major versions, so the struct layouts compiled in always match
/// the library loaded. Without FFmpeg installed, media files are marked unparsable with the reason
/// and everything else works.
struct AVFormatLibrary: Sendable {
    // The types come from the headers (`CAVFormat/shim.h`), so they match what is compiled against.
    let allocContext: fsfind_avformat_alloc_context
    let openInput: fsfind_avformat_open_input
    let findStreamInfo: fsfind_avformat_find_stream_info
    let closeInput: fsfind_avformat_close_input
    let dictSet: fsfind_av_dict_set
    let dictFree: fsfind_av_dict_free
    let dictGet: fsfind_av_dict_get
    let codecName: fsfind_avcodec_get_name
    let errorText: fsfind_av_strerror

    /// The library, loaded once per process; or why it could not be.
    static let shared: Result<AVFormatLibrary, ExtractionError> = load()

    /// `libavformat.so.59` for FFmpeg 5.1's headers.
    static let soname = "libavformat.so.\(LIBAVFORMAT_VERSION_MAJOR)"

    private static func load() -> Result<AVFormatLibrary, ExtractionError> {
        do throws(ExtractionError) {
            // libavformat's own dependencies (libavcodec, libavutil) come with it, and dlsym on its
            // handle searches them too.
            let handle = try SharedLibrary(soname, package: "libavformat\(LIBAVFORMAT_VERSION_MAJOR)")
            func symbol<Function>(_ name: String) throws(ExtractionError) -> Function { try handle.symbol(name) }
            let library = AVFormatLibrary(
                allocContext: try symbol("avformat_alloc_context"),
                openInput: try symbol("avformat_open_input"),
                findStreamInfo: try symbol("avformat_find_stream_info"),
                closeInput: try symbol("avformat_close_input"),
                dictSet: try symbol("av_dict_set"),
                dictFree: try symbol("av_dict_free"),
                dictGet: try symbol("av_dict_get"),
                codecName: try symbol("avcodec_get_name"),
                errorText: try symbol("av_strerror"))
            // FFmpeg logs every damaged file on stderr; the extractor reports problems itself.
            let setLogLevel: fsfind_av_log_set_level = try symbol("av_log_set_level")
            setLogLevel(AV_LOG_QUIET)
            return .success(library)
        } catch {
            return .failure(error)
        }
    }
}
