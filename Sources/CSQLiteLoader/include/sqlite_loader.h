// SQLite's functions fsfind calls, defined by sqlite_loader.c to load libsqlite3 on first use.
#include <sqlite3.h>
