// FFmpeg's demuxing headers: containers and tags (libavformat), codec names (libavcodec), metadata
// dictionaries and logging (libavutil). Only headers are read; nothing is decoded.
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/dict.h>
#include <libavutil/log.h>
#include <libavutil/mem.h>
