import CAVFormat
import FSFindCrawl
import FSFindModel
import Foundation

/// Reads audio and video files through FFmpeg's libavformat: duration, tags, codecs, sample rate,
/// channels and picture size, from the container's headers without decoding.
///
/// FFmpeg's demuxers are large C code fed with whatever a user downloaded, so the pipeline runs
/// this extractor in a worker process (see `docs/extraction.md`).
struct MediaExtractor: Extractor {
    /// Durations beyond a year are a damaged or hostile header (a WAV claiming 2³² bytes of data,
    /// an MP4 whose movie header says 2³¹ frames), not a recording; they are left out.
    static let maximumDuration: Double = 366 * 24 * 3600

    init() {}

    var name: String { "media" }

    func handles(tree: [String]) -> Bool {
        tree.contains("public.audio") || tree.contains("public.movie") || tree.contains("public.audiovisual-content")
    }

    func extract(_ file: CrawledFile, tree: [String]) throws(ExtractionError) -> [Attribute: AttributeValue] {
        let media = try MediaFile(path: file.pathForLibrary())
        var attributes: [Attribute: AttributeValue] = [:]
        if let duration = media.duration, duration.isFinite, duration >= 0, duration <= Self.maximumDuration {
            attributes[.duration] = .number(duration)
        }
        if let title = media.tag("title") { attributes[.title] = .text(title) }
        if let artist = media.tag("artist") ?? media.tag("album_artist") ?? media.tag("author") {
            attributes[.artist] = .text(artist)
            attributes[.authorNames] = .textList([artist])
        }
        if let album = media.tag("album") { attributes[.album] = .text(album) }
        if let genre = media.tag("genre") {
            attributes[.musicalGenre] = .text(genre)
            // Kept among the keywords too, so free text finds the genre.
            attributes[.keywords] = .textList([genre])
        }
        if let composer = media.tag("composer") { attributes[.composer] = .text(composer) }
        // Rates beyond 1 Gbit/s are a damaged header, not a recording.
        if let rate = media.bitRate, rate < 1e9 { attributes[.totalBitRate] = .number(rate.rounded()) }
        if let text = media.tag("creation_time"), let date = Self.creationDate(text) {
            attributes[.contentCreationDate] = .date(date)
        }

        var codecs: [String] = []
        var sawAudio = false
        var sawVideo = false
        for stream in media.streams {
            // Non-nil: `MediaFile.streams` keeps only streams with parameters.
            let parameters = stream.pointee.codecpar.pointee
            switch parameters.codec_type {
            case AVMEDIA_TYPE_AUDIO:
                if !sawAudio, parameters.sample_rate > 0 {
                    sawAudio = true
                    attributes[.audioSampleRate] = .number(Double(parameters.sample_rate))
                    if parameters.ch_layout.nb_channels > 0 {
                        attributes[.audioChannelCount] = .number(Double(parameters.ch_layout.nb_channels))
                    }
                    if parameters.bit_rate > 0, parameters.bit_rate < 1_000_000_000 {
                        attributes[.audioBitRate] = .number(Double(parameters.bit_rate))
                    }
                }
            case AVMEDIA_TYPE_VIDEO:
                // Cover art in a song is a one-picture "video" stream; it is not the item's size.
                if stream.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC != 0 { continue }
                if !sawVideo, parameters.width > 0, parameters.height > 0 {
                    sawVideo = true
                    attributes[.pixelWidth] = .number(Double(parameters.width))
                    attributes[.pixelHeight] = .number(Double(parameters.height))
                }
            default:
                continue
            }
            if let codec = media.codecName(parameters.codec_id), codec != "none", !codecs.contains(codec) {
                codecs.append(codec)
            }
        }
        if !codecs.isEmpty { attributes[.codecs] = .textList(codecs) }
        guard sawAudio || sawVideo || attributes[.duration] != nil else {
            throw ExtractionError("no audio or video stream found")
        }
        return attributes
    }

    /// The instant a `creation_time` tag names (`2024-05-01T10:20:30.000000Z`); a time without a
    /// zone is UTC, as FFmpeg writes it. Nil for anything else, including the zero date some
    /// cameras write (1904 or 1970).
    static func creationDate(_ text: String) -> Date? {
        guard let start = ISO8601Text(text)?.interval(in: utc)?.start else { return nil }
        let date = Date(timeIntervalSinceReferenceDate: start)
        return date >= firstDayAfter1970 ? date : nil
    }

    /// The calendar a `creation_time` without a zone is read in.
    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current
        return calendar
    }()

    /// 1971-01-01T00:00:00Z: a creation time before it is a camera's zero date, not a recording's.
    private static let firstDayAfter1970 = Date(timeIntervalSince1970: 365 * 86_400)
}
