// The SQLite functions fsfind calls, each defined here to find the real one in libsqlite3.so.0
// with dlopen/dlsym the first time it is called, so that the library is not linked: linked, it was
// mapped and relocated by every start of every command, and only the text store uses it (a name
// query on a small index never does; benchmarks/RESULTS.md, "Start-up"). Each definition must
// match its declaration in sqlite3.h, which the compiler checks (the header is included first).
// Defined here, not exported from the release binary (scripts/exported-symbols.map), so the
// library's own calls bind to itself; where a build does export them, a call interposed here
// reaches the same function through its handle.
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include "sqlite_loader.h"

static void *sqlite_library(void) {
    static void *handle;
    void *loaded = __atomic_load_n(&handle, __ATOMIC_ACQUIRE);
    if (loaded) return loaded;
    loaded = dlopen("libsqlite3.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!loaded) {
        fprintf(stderr, "fsfind: libsqlite3.so.0 cannot be loaded (install the libsqlite3-0 package): %s\n", dlerror());
        exit(1);
    }
    __atomic_store_n(&handle, loaded, __ATOMIC_RELEASE);
    return loaded;
}

static void *sqlite_function(const char *name) {
    void *function = dlsym(sqlite_library(), name);
    if (!function) {
        fprintf(stderr, "fsfind: libsqlite3.so.0 has no function %s\n", name);
        exit(1);
    }
    return function;
}

// One forwarding definition: the real function, looked up once (a racing second lookup finds
// the same address).
#define FORWARD(name, ...)                                                                \
    static __typeof__(&name) loaded_;                                                     \
    __typeof__(&name) real_ = __atomic_load_n(&loaded_, __ATOMIC_ACQUIRE);                \
    if (!real_) {                                                                         \
        real_ = (__typeof__(&name))sqlite_function(#name);                                \
        __atomic_store_n(&loaded_, real_, __ATOMIC_RELEASE);                              \
    }                                                                                     \
    return real_(__VA_ARGS__)

int sqlite3_open_v2(const char *filename, sqlite3 **db, int flags, const char *vfs) {
    FORWARD(sqlite3_open_v2, filename, db, flags, vfs);
}
int sqlite3_close(sqlite3 *db) { FORWARD(sqlite3_close, db); }
int sqlite3_close_v2(sqlite3 *db) { FORWARD(sqlite3_close_v2, db); }
int sqlite3_busy_timeout(sqlite3 *db, int ms) { FORWARD(sqlite3_busy_timeout, db, ms); }
void sqlite3_progress_handler(sqlite3 *db, int steps, int (*handler)(void *), void *argument) {
    FORWARD(sqlite3_progress_handler, db, steps, handler, argument);
}
int sqlite3_exec(sqlite3 *db, const char *sql, int (*callback)(void *, int, char **, char **), void *argument,
                 char **message) {
    FORWARD(sqlite3_exec, db, sql, callback, argument, message);
}
const char *sqlite3_errmsg(sqlite3 *db) { FORWARD(sqlite3_errmsg, db); }
const char *sqlite3_errstr(int code) { FORWARD(sqlite3_errstr, code); }
void *sqlite3_malloc(int size) { FORWARD(sqlite3_malloc, size); }
void *sqlite3_realloc64(void *memory, sqlite3_uint64 size) { FORWARD(sqlite3_realloc64, memory, size); }
void sqlite3_free(void *memory) { FORWARD(sqlite3_free, memory); }
int sqlite3_prepare_v2(sqlite3 *db, const char *sql, int bytes, sqlite3_stmt **statement, const char **tail) {
    FORWARD(sqlite3_prepare_v2, db, sql, bytes, statement, tail);
}
int sqlite3_prepare_v3(sqlite3 *db, const char *sql, int bytes, unsigned int flags, sqlite3_stmt **statement,
                       const char **tail) {
    FORWARD(sqlite3_prepare_v3, db, sql, bytes, flags, statement, tail);
}
int sqlite3_create_function_v2(sqlite3 *db, const char *name, int arguments, int encoding, void *application,
                               void (*function)(sqlite3_context *, int, sqlite3_value **),
                               void (*step)(sqlite3_context *, int, sqlite3_value **),
                               void (*final)(sqlite3_context *), void (*destroy)(void *)) {
    FORWARD(sqlite3_create_function_v2, db, name, arguments, encoding, application, function, step, final, destroy);
}
sqlite3_int64 sqlite3_last_insert_rowid(sqlite3 *db) { FORWARD(sqlite3_last_insert_rowid, db); }
int sqlite3_finalize(sqlite3_stmt *statement) { FORWARD(sqlite3_finalize, statement); }
int sqlite3_reset(sqlite3_stmt *statement) { FORWARD(sqlite3_reset, statement); }
int sqlite3_clear_bindings(sqlite3_stmt *statement) { FORWARD(sqlite3_clear_bindings, statement); }
int sqlite3_step(sqlite3_stmt *statement) { FORWARD(sqlite3_step, statement); }
int sqlite3_bind_int64(sqlite3_stmt *statement, int position, sqlite3_int64 value) {
    FORWARD(sqlite3_bind_int64, statement, position, value);
}
int sqlite3_bind_null(sqlite3_stmt *statement, int position) { FORWARD(sqlite3_bind_null, statement, position); }
int sqlite3_bind_text(sqlite3_stmt *statement, int position, const char *text, int bytes, void (*destroy)(void *)) {
    FORWARD(sqlite3_bind_text, statement, position, text, bytes, destroy);
}
int sqlite3_bind_blob(sqlite3_stmt *statement, int position, const void *blob, int bytes, void (*destroy)(void *)) {
    FORWARD(sqlite3_bind_blob, statement, position, blob, bytes, destroy);
}
int sqlite3_bind_pointer(sqlite3_stmt *statement, int position, void *pointer, const char *type,
                         void (*destroy)(void *)) {
    FORWARD(sqlite3_bind_pointer, statement, position, pointer, type, destroy);
}
sqlite3_int64 sqlite3_column_int64(sqlite3_stmt *statement, int column) {
    FORWARD(sqlite3_column_int64, statement, column);
}
double sqlite3_column_double(sqlite3_stmt *statement, int column) { FORWARD(sqlite3_column_double, statement, column); }
int sqlite3_column_type(sqlite3_stmt *statement, int column) { FORWARD(sqlite3_column_type, statement, column); }
int sqlite3_column_bytes(sqlite3_stmt *statement, int column) { FORWARD(sqlite3_column_bytes, statement, column); }
const void *sqlite3_column_blob(sqlite3_stmt *statement, int column) {
    FORWARD(sqlite3_column_blob, statement, column);
}
const unsigned char *sqlite3_column_text(sqlite3_stmt *statement, int column) {
    FORWARD(sqlite3_column_text, statement, column);
}
int sqlite3_value_bytes(sqlite3_value *value) { FORWARD(sqlite3_value_bytes, value); }
const void *sqlite3_value_blob(sqlite3_value *value) { FORWARD(sqlite3_value_blob, value); }
void sqlite3_result_error(sqlite3_context *context, const char *message, int bytes) {
    FORWARD(sqlite3_result_error, context, message, bytes);
}
void sqlite3_result_text(sqlite3_context *context, const char *text, int bytes, void (*destroy)(void *)) {
    FORWARD(sqlite3_result_text, context, text, bytes, destroy);
}
