// zlib's header (Debian's zlib1g-dev), for the types of the functions Deflate.swift loads with
// dlsym: taken from the declarations, so a signature typed by hand cannot drift from them.
#include <zlib.h>

typedef __typeof__(&compressBound) fsfind_compressBound;
typedef __typeof__(&compress2) fsfind_compress2;
typedef __typeof__(&uncompress) fsfind_uncompress;
typedef __typeof__(&inflateInit2_) fsfind_inflateInit2_;
typedef __typeof__(&inflate) fsfind_inflate;
typedef __typeof__(&inflateReset) fsfind_inflateReset;
typedef __typeof__(&inflateEnd) fsfind_inflateEnd;
typedef __typeof__(&crc32) fsfind_crc32;
