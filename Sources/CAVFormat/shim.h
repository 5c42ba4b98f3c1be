// FFmpeg's demuxing headers: containers and tags (libavformat), codec names (libavcodec), metadata
// dictionaries and logging (libavutil). Only headers are read; nothing is decoded.
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/dict.h>
#include <libavutil/log.h>
#include <libavutil/mem.h>

// The types of the functions AVFormatLibrary.swift loads with dlsym, taken from the declarations
// above, so a signature typed by hand cannot drift from the headers compiled against.
typedef __typeof__(&avformat_alloc_context) fsfind_avformat_alloc_context;
typedef __typeof__(&avformat_open_input) fsfind_avformat_open_input;
typedef __typeof__(&avformat_find_stream_info) fsfind_avformat_find_stream_info;
typedef __typeof__(&avformat_close_input) fsfind_avformat_close_input;
typedef __typeof__(&av_dict_set) fsfind_av_dict_set;
typedef __typeof__(&av_dict_free) fsfind_av_dict_free;
typedef __typeof__(&av_dict_get) fsfind_av_dict_get;
typedef __typeof__(&avcodec_get_name) fsfind_avcodec_get_name;
typedef __typeof__(&av_strerror) fsfind_av_strerror;
typedef __typeof__(&av_log_set_level) fsfind_av_log_set_level;

// One decoded frame for `fsfind search`'s preview (Preview/VideoFrame.swift): the decoder
// (libavcodec), the frame and its scaling to RGBA (libavutil, libswscale).
#include <libavutil/frame.h>
#include <libavutil/imgutils.h>
#include <libswscale/swscale.h>

typedef __typeof__(&av_find_best_stream) fsfind_av_find_best_stream;
typedef __typeof__(&avcodec_find_decoder) fsfind_avcodec_find_decoder;
typedef __typeof__(&avcodec_alloc_context3) fsfind_avcodec_alloc_context3;
typedef __typeof__(&avcodec_free_context) fsfind_avcodec_free_context;
typedef __typeof__(&avcodec_parameters_to_context) fsfind_avcodec_parameters_to_context;
typedef __typeof__(&avcodec_open2) fsfind_avcodec_open2;
typedef __typeof__(&avcodec_send_packet) fsfind_avcodec_send_packet;
typedef __typeof__(&avcodec_receive_frame) fsfind_avcodec_receive_frame;
typedef __typeof__(&av_packet_alloc) fsfind_av_packet_alloc;
typedef __typeof__(&av_packet_free) fsfind_av_packet_free;
typedef __typeof__(&av_packet_unref) fsfind_av_packet_unref;
typedef __typeof__(&av_read_frame) fsfind_av_read_frame;
typedef __typeof__(&av_seek_frame) fsfind_av_seek_frame;
typedef __typeof__(&av_frame_alloc) fsfind_av_frame_alloc;
typedef __typeof__(&av_frame_free) fsfind_av_frame_free;
typedef __typeof__(&sws_getContext) fsfind_sws_getContext;
typedef __typeof__(&sws_scale) fsfind_sws_scale;
typedef __typeof__(&sws_freeContext) fsfind_sws_freeContext;

// AV_NOPTS_VALUE and AVERROR(EAGAIN) are cast or function-like macros Swift does not import.
static inline int fsfind_averror_eagain(void) { return AVERROR(EAGAIN); }
