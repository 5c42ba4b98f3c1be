#include <gio/gio.h>
#include <glib-unix.h>
