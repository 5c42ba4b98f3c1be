// libmagic's header (Debian's libmagic-dev), for its constants and the types of the functions
// Magic.swift loads with dlsym: taken from the declarations, so a signature typed by hand cannot
// drift from them.
#include <magic.h>

typedef __typeof__(&magic_open) fsfind_magic_open;
typedef __typeof__(&magic_close) fsfind_magic_close;
typedef __typeof__(&magic_load) fsfind_magic_load;
typedef __typeof__(&magic_error) fsfind_magic_error;
typedef __typeof__(&magic_errno) fsfind_magic_errno;
typedef __typeof__(&magic_descriptor) fsfind_magic_descriptor;
typedef __typeof__(&magic_getparam) fsfind_magic_getparam;
typedef __typeof__(&magic_setparam) fsfind_magic_setparam;
typedef __typeof__(&magic_load_buffers) fsfind_magic_load_buffers;
typedef __typeof__(&magic_getpath) fsfind_magic_getpath;
