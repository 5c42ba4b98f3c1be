// CPlatform is header-only (static inline functions); SwiftPM needs one source file in a C target.
#include "CPlatform.h"
