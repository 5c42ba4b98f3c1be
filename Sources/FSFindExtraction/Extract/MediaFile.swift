import CAVFormat
import FSFindModel
import Glibc

/// One audio or video file opened with libavformat: the container's headers and tags, never the
/// decoded samples.
///
/// Owns its `AVFormatContext` and closes it in `deinit`. Opening reads at most ``probeBytes`` and
/// ``analyzeMicroseconds`` of packets, so a huge or endless file costs the same as a small one, and
/// only the `file` protocol is allowed, so a hostile playlist cannot make FFmpeg fetch URLs or
/// open devices. Not thread-safe; one per file and thread.
final class MediaFile {
    /// How many bytes libavformat may read to guess the format and the streams (default 5 MB).
    static let probeBytes: Int64 = 1 << 20
    /// How much media time `avformat_find_stream_info` may read packets for (default 5 s).
    static let analyzeMicroseconds: Int64 = 1_000_000

    let library: AVFormatLibrary
    private(set) var context: UnsafeMutablePointer<AVFormatContext>?

    /// Opens `path` (raw bytes, any encoding) and reads its stream information.
    init(path: [UInt8]) throws(ExtractionError) {
        library = try AVFormatLibrary.shared.get()
        guard var allocated = library.allocContext() else { throw ExtractionError("out of memory opening the file") }
        allocated.pointee.probesize = Self.probeBytes
        allocated.pointee.max_analyze_duration = Self.analyzeMicroseconds
        var options: OpaquePointer?
        _ = library.dictSet(&options, "protocol_whitelist", "file", 0)
        defer { library.dictFree(&options) }
        // The `file:` prefix keeps a name such as `rtmp:x.mp3` from naming a protocol.
        let url = Array("file:".utf8) + path + [0]
        var opened: UnsafeMutablePointer<AVFormatContext>? = allocated
        let status = url.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { library.openInput(&opened, $0.baseAddress, nil, &options) }
        }
        // avformat_open_input frees the context and clears `opened` on failure.
        guard status >= 0, let opened else {
            throw ExtractionError("not a readable audio or video file: \(message(status))")
        }
        allocated = opened
        context = allocated
        // A cut-short file (a download in progress) often fails here after its headers were read;
        // what the headers said is still worth indexing, so only a file without streams fails.
        let info = library.findStreamInfo(allocated, nil)
        guard info >= 0 || allocated.pointee.nb_streams > 0 else {
            throw ExtractionError("cannot read the streams: \(message(info))")
        }
    }

    deinit {
        if context != nil { library.closeInput(&context) }
    }

    /// Duration in seconds: the container's, else the longest stream's; nil when neither says.
    var duration: Double? {
        guard let context else { return nil }
        let whole = context.pointee.duration
        if whole != Self.noTimestamp, whole > 0 { return Double(whole) / Double(AV_TIME_BASE) }
        var longest: Double?
        for stream in streams {
            let base = stream.pointee.time_base
            let ticks = stream.pointee.duration
            guard ticks != Self.noTimestamp, ticks > 0, base.num > 0, base.den > 0 else { continue }
            let seconds = Double(ticks) * Double(base.num) / Double(base.den)
            longest = max(longest ?? 0, seconds)
        }
        return longest
    }

    /// The whole file's bit rate in bits per second, as the container states it or FFmpeg works it
    /// out from size and duration; nil when unknown.
    var bitRate: Double? {
        guard let context, context.pointee.bit_rate > 0 else { return nil }
        return Double(context.pointee.bit_rate)
    }

    /// The streams a person would call audio or video (cover art attached to a song is not video).
    var streams: [UnsafeMutablePointer<AVStream>] {
        guard let context, let list = context.pointee.streams else { return [] }
        var result: [UnsafeMutablePointer<AVStream>] = []
        for index in 0..<Int(context.pointee.nb_streams) {
            guard let stream = list[index], stream.pointee.codecpar != nil else { continue }
            result.append(stream)
        }
        return result
    }

    /// The value of tag `key`, compared without case (FFmpeg's default), from the container's tags
    /// and then each stream's (Ogg and Opus keep their comments on the stream).
    func tag(_ key: String) -> String? {
        guard let context else { return nil }
        if let value = tag(key, in: context.pointee.metadata) { return value }
        for stream in streams {
            if let value = tag(key, in: stream.pointee.metadata) { return value }
        }
        return nil
    }

    /// FFmpeg's name for a codec (`mp3`, `h264`, `vorbis`).
    func codecName(_ id: AVCodecID) -> String? {
        guard let name = library.codecName(id) else { return nil }
        return Self.text(name)
    }

    /// `AV_NOPTS_VALUE`, which Swift does not import (a cast macro): "no timestamp".
    private static let noTimestamp = Int64.min

    private func tag(_ key: String, in dictionary: OpaquePointer?) -> String? {
        guard let dictionary, let entry = library.dictGet(dictionary, key, nil, 0), let value = entry.pointee.value
        else {
            return nil
        }
        let text = Self.text(value).trimmingSpaces
        return text.isEmpty ? nil : text
    }

    /// Tags are meant to be UTF-8 but old files carry anything: invalid bytes become U+FFFD, so
    /// every stored value is valid Unicode.
    private static func text(_ pointer: UnsafePointer<CChar>) -> String {
        let bytes = UnsafeRawBufferPointer(start: pointer, count: strlen(pointer))
        return String(decoding: bytes, as: UTF8.self)
    }

    private func message(_ status: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 128)
        guard library.errorText(status, &buffer, buffer.count) == 0 else { return "error \(status)" }
        return buffer.withUnsafeBufferPointer { pointer in
            // Non-nil: the array is not empty.
            Self.text(pointer.baseAddress!)
        }
    }
}

extension String {
    /// Without leading and trailing spaces, tabs, newlines and NULs (padding in ID3 and RIFF tags).
    fileprivate var trimmingSpaces: String {
        let unwanted: Set<Unicode.Scalar> = [" ", "\t", "\n", "\r", "\0"]
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !unwanted.contains($0) }),
            let last = scalars.lastIndex(where: { !unwanted.contains($0) })
        else { return "" }
        return String(scalars[first...last])
    }
}
