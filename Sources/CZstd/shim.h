// Zstandard's header (Debian's libzstd-dev), for the types of the functions Zstd.swift loads with
// dlsym: taken from the declarations, so a signature typed by hand cannot drift from them.
#include <zstd.h>

typedef __typeof__(&ZSTD_compressBound) fsfind_ZSTD_compressBound;
typedef __typeof__(&ZSTD_compress) fsfind_ZSTD_compress;
typedef __typeof__(&ZSTD_decompress) fsfind_ZSTD_decompress;
typedef __typeof__(&ZSTD_isError) fsfind_ZSTD_isError;
