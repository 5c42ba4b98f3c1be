import CAVFormat

/// FFmpeg's decoding functions (libavcodec through libavformat's handle) and libswscale's
/// scaler, for one poster frame. Loaded with `dlopen` on first use, like ``AVFormatLibrary``; the
/// types come from the headers (`CAVFormat/shim.h`).
struct VideoDecoder: Sendable {
    let findBestStream: fsfind_av_find_best_stream
    let findDecoder: fsfind_avcodec_find_decoder
    let allocContext: fsfind_avcodec_alloc_context3
    let freeContext: fsfind_avcodec_free_context
    let parametersToContext: fsfind_avcodec_parameters_to_context
    let open: fsfind_avcodec_open2
    let sendPacket: fsfind_avcodec_send_packet
    let receiveFrame: fsfind_avcodec_receive_frame
    let packetAlloc: fsfind_av_packet_alloc
    let packetFree: fsfind_av_packet_free
    let packetUnref: fsfind_av_packet_unref
    let readFrame: fsfind_av_read_frame
    let seekFrame: fsfind_av_seek_frame
    let frameAlloc: fsfind_av_frame_alloc
    let frameFree: fsfind_av_frame_free
    let scalerContext: fsfind_sws_getContext
    let scale: fsfind_sws_scale
    let scalerFree: fsfind_sws_freeContext

    static let shared: Result<VideoDecoder, ExtractionError> = Result { () throws(ExtractionError) in
        let format = try SharedLibrary(AVFormatLibrary.soname, package: "libavformat\(LIBAVFORMAT_VERSION_MAJOR)")
        let scaler = try SharedLibrary(
            "libswscale.so.\(LIBSWSCALE_VERSION_MAJOR)", package: "libswscale\(LIBSWSCALE_VERSION_MAJOR)")
        return VideoDecoder(
            findBestStream: try format.symbol("av_find_best_stream"),
            findDecoder: try format.symbol("avcodec_find_decoder"),
            allocContext: try format.symbol("avcodec_alloc_context3"),
            freeContext: try format.symbol("avcodec_free_context"),
            parametersToContext: try format.symbol("avcodec_parameters_to_context"),
            open: try format.symbol("avcodec_open2"),
            sendPacket: try format.symbol("avcodec_send_packet"),
            receiveFrame: try format.symbol("avcodec_receive_frame"),
            packetAlloc: try format.symbol("av_packet_alloc"),
            packetFree: try format.symbol("av_packet_free"),
            packetUnref: try format.symbol("av_packet_unref"),
            readFrame: try format.symbol("av_read_frame"),
            seekFrame: try format.symbol("av_seek_frame"),
            frameAlloc: try format.symbol("av_frame_alloc"),
            frameFree: try format.symbol("av_frame_free"),
            scalerContext: try scaler.symbol("sws_getContext"),
            scale: try scaler.symbol("sws_scale"),
            scalerFree: try scaler.symbol("sws_freeContext"))
    }

    /// Packets read at most while looking for a picture: a file whose video stream has no frame
    /// that decodes gives up here instead of reading to its end.
    static let packetLimit = 600

    /// A poster frame of the video in `file` (a tenth into it, at most 30 s in, as a first frame
    /// is often black), or a song's cover art, scaled to fit `width × height`.
    func posterFrame(of file: MediaFile, fitting width: Int, _ height: Int) throws(ExtractionError) -> PreviewPixels {
        guard let context = file.context else { throw ExtractionError("the file is not open") }
        let index = findBestStream(context, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        guard index >= 0, let stream = context.pointee.streams[Int(index)], let parameters = stream.pointee.codecpar
        else {
            throw ExtractionError("it has no pictures")
        }
        guard let decoderInfo = findDecoder(parameters.pointee.codec_id) else {
            throw ExtractionError(
                "FFmpeg has no decoder for \(file.codecName(parameters.pointee.codec_id) ?? "its video")")
        }
        var decoder = allocContext(decoderInfo)
        defer { freeContext(&decoder) }
        guard let decoder, parametersToContext(decoder, parameters) >= 0, open(decoder, decoderInfo, nil) >= 0 else {
            throw ExtractionError("cannot open the video decoder")
        }
        var packet = packetAlloc()
        defer { packetFree(&packet) }
        var frame = frameAlloc()
        defer { frameFree(&frame) }
        guard let packet, let frame else { throw ExtractionError("out of memory") }

        let attached = stream.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC != 0
        if attached {
            // Cover art is one packet kept by the demuxer.
            var picture = stream.pointee.attached_pic
            guard sendPacket(decoder, &picture) >= 0, receiveFrame(decoder, frame) >= 0 else {
                throw ExtractionError("the cover art does not decode")
            }
            return try pixels(of: frame, fitting: width, height)
        }
        if let duration = file.duration, duration > 1 {
            let seconds = min(duration / 10, 30)
            let base = stream.pointee.time_base
            if base.num > 0, base.den > 0 {
                let target = Int64(seconds * Double(base.den) / Double(base.num))
                _ = seekFrame(context, index, target, 1)  // AVSEEK_FLAG_BACKWARD: the key frame before
            }
        }
        var packets = 0
        var flushed = false
        while packets < Self.packetLimit {
            if !flushed {
                let read = readFrame(context, packet)
                if read < 0 {
                    flushed = true
                    _ = sendPacket(decoder, nil)  // end of file: drain what the decoder holds
                } else {
                    defer { packetUnref(packet) }
                    packets += 1
                    guard packet.pointee.stream_index == index else { continue }
                    _ = sendPacket(decoder, packet)
                }
            }
            let received = receiveFrame(decoder, frame)
            if received >= 0 { return try pixels(of: frame, fitting: width, height) }
            if received != fsfind_averror_eagain() { break }
            if flushed { break }
        }
        throw ExtractionError("the video has no frame that decodes")
    }

    /// The frame scaled to RGBA within `width × height`, keeping its aspect ratio.
    private func pixels(of frame: UnsafeMutablePointer<AVFrame>, fitting width: Int, _ height: Int)
        throws(ExtractionError) -> PreviewPixels
    {
        let sourceWidth = Int(frame.pointee.width)
        let sourceHeight = Int(frame.pointee.height)
        guard sourceWidth > 0, sourceHeight > 0 else { throw ExtractionError("the frame has no size") }
        let factor = min(1, min(Double(width) / Double(sourceWidth), Double(height) / Double(sourceHeight)))
        let targetWidth = max(1, Int(Double(sourceWidth) * factor))
        let targetHeight = max(1, Int(Double(sourceHeight) * factor))
        guard
            let scaler = scalerContext(
                Int32(sourceWidth), Int32(sourceHeight), AVPixelFormat(frame.pointee.format), Int32(targetWidth),
                Int32(targetHeight), AV_PIX_FMT_RGBA, SWS_BILINEAR, nil, nil, nil)
        else {
            throw ExtractionError("cannot convert the frame's pixels")
        }
        defer { scalerFree(scaler) }
        let stride = targetWidth * 4
        var bytes = [UInt8](repeating: 0, count: stride * targetHeight)
        let rows = withUnsafePointer(to: &frame.pointee.data) { data in
            withUnsafePointer(to: &frame.pointee.linesize) { lines in
                data.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: Int(AV_NUM_DATA_POINTERS)) { planes in
                    lines.withMemoryRebound(to: Int32.self, capacity: Int(AV_NUM_DATA_POINTERS)) { strides in
                        bytes.withUnsafeMutableBufferPointer { target in
                            var destination: [UnsafeMutablePointer<UInt8>?] = [target.baseAddress, nil, nil, nil]
                            var destinationStride: [Int32] = [Int32(stride), 0, 0, 0]
                            return scale(
                                scaler, planes, strides, 0, Int32(sourceHeight), &destination, &destinationStride)
                        }
                    }
                }
            }
        }
        guard rows > 0 else { throw ExtractionError("cannot convert the frame's pixels") }
        return PreviewPixels(
            width: targetWidth, height: targetHeight, stride: stride, type: .rgbaUnassociated, bytes: bytes)
    }
}
