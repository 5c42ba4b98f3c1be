// zlib's header (Debian's zlib1g-dev), for the types of the functions Deflate.swift loads with
// dlsym: taken from the declarations, so a signature typed by hand cannot drift from them.
#include <zlib.h>

typedef __typeof__(&compressBound) fsfind_compressBound;
typedef __typeof__(&compress2) fsfind_compress2;
typedef __typeof__(&uncompress) fsfind_uncompress;
