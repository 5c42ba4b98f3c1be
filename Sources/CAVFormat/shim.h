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
