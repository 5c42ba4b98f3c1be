// SQLite 3 (Debian's libsqlite3-dev), for the full-text store: FTS5 is compiled in.
#include <sqlite3.h>
