// The `snowball` FTS5 tokenizer: FTS5's own unicode61 (or any named parent) cuts the text into
// folded words, and Snowball's stemmer for the chosen language reduces each to its stem, the way
// FTS5's built-in `porter` tokenizer does for English alone. libstemmer is loaded with dlopen on
// first use, so `fsfind` does not map it at every start; the function types come from its header.
#include "CSnowball.h"

#include <dlfcn.h>
#include <libstemmer.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

typedef __typeof__(&sb_stemmer_new) stemmer_new_fn;
typedef __typeof__(&sb_stemmer_delete) stemmer_delete_fn;
typedef __typeof__(&sb_stemmer_stem) stemmer_stem_fn;
typedef __typeof__(&sb_stemmer_length) stemmer_length_fn;
typedef __typeof__(&sb_stemmer_list) stemmer_list_fn;

static struct {
    stemmer_new_fn create;
    stemmer_delete_fn destroy;
    stemmer_stem_fn stem;
    stemmer_length_fn length;
    stemmer_list_fn list;
} library;
static int loaded;
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *handle = dlopen("libstemmer.so.0d", RTLD_NOW | RTLD_LOCAL);
    if (!handle) return;
    library.create = (stemmer_new_fn)dlsym(handle, "sb_stemmer_new");
    library.destroy = (stemmer_delete_fn)dlsym(handle, "sb_stemmer_delete");
    library.stem = (stemmer_stem_fn)dlsym(handle, "sb_stemmer_stem");
    library.length = (stemmer_length_fn)dlsym(handle, "sb_stemmer_length");
    library.list = (stemmer_list_fn)dlsym(handle, "sb_stemmer_list");
    loaded = library.create && library.destroy && library.stem && library.length && library.list;
}

static int available(void) {
    pthread_once(&load_once, load);
    return loaded;
}

const char **fsfind_snowball_languages(void) { return available() ? library.list() : NULL; }

typedef struct {
    fts5_tokenizer parent;
    Fts5Tokenizer *parent_instance;
    struct sb_stemmer *stemmer;
} SnowballTokenizer;

// Words longer than this are indexed as they are (no language has such words; a stemmer is
// not meant for hashes and base64).
enum { LONGEST_STEMMED = 64 };

static void snowball_delete(Fts5Tokenizer *instance) {
    SnowballTokenizer *tokenizer = (SnowballTokenizer *)instance;
    if (!tokenizer) return;
    if (tokenizer->parent_instance) tokenizer->parent.xDelete(tokenizer->parent_instance);
    if (tokenizer->stemmer) library.destroy(tokenizer->stemmer);
    sqlite3_free(tokenizer);
}

static int snowball_create(void *context, const char **arguments, int count, Fts5Tokenizer **out) {
    fts5_api *api = (fts5_api *)context;
    *out = NULL;
    if (count < 1 || !available()) return SQLITE_ERROR;
    SnowballTokenizer *tokenizer = sqlite3_malloc(sizeof *tokenizer);
    if (!tokenizer) return SQLITE_NOMEM;
    memset(tokenizer, 0, sizeof *tokenizer);
    tokenizer->stemmer = library.create(arguments[0], "UTF_8");
    const char *parent = count > 1 ? arguments[1] : "unicode61";
    void *parent_context = NULL;
    int status = tokenizer->stemmer ? api->xFindTokenizer(api, parent, &parent_context, &tokenizer->parent)
                                    : SQLITE_ERROR;
    if (status == SQLITE_OK) {
        int parent_count = count > 2 ? count - 2 : 0;
        status = tokenizer->parent.xCreate(
            parent_context, parent_count ? arguments + 2 : NULL, parent_count, &tokenizer->parent_instance);
    }
    if (status != SQLITE_OK) {
        snowball_delete((Fts5Tokenizer *)tokenizer);
        return status;
    }
    *out = (Fts5Tokenizer *)tokenizer;
    return SQLITE_OK;
}

typedef struct {
    void *context;
    int (*token)(void *, int, const char *, int, int, int);
    struct sb_stemmer *stemmer;
} Callback;

static int snowball_token(void *context, int flags, const char *text, int length, int start, int end) {
    Callback *callback = (Callback *)context;
    if (length <= 0 || length > LONGEST_STEMMED) return callback->token(callback->context, flags, text, length, start, end);
    const sb_symbol *stem = library.stem(callback->stemmer, (const sb_symbol *)text, length);
    if (!stem) return SQLITE_NOMEM;
    return callback->token(callback->context, flags, (const char *)stem, library.length(callback->stemmer), start, end);
}

static int snowball_tokenize(
    Fts5Tokenizer *instance, void *context, int flags, const char *text, int length,
    int (*token)(void *, int, const char *, int, int, int)) {
    SnowballTokenizer *tokenizer = (SnowballTokenizer *)instance;
    Callback callback = {context, token, tokenizer->stemmer};
    return tokenizer->parent.xTokenize(tokenizer->parent_instance, &callback, flags, text, length, snowball_token);
}

fts5_api *fsfind_fts5_api(sqlite3 *db) {
    fts5_api *api = NULL;
    sqlite3_stmt *statement = NULL;
    if (sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &statement, NULL) == SQLITE_OK) {
        sqlite3_bind_pointer(statement, 1, (void *)&api, "fts5_api_ptr", NULL);
        sqlite3_step(statement);
    }
    sqlite3_finalize(statement);
    return api;
}

int fsfind_snowball_register(sqlite3 *db) {
    fts5_api *api = fsfind_fts5_api(db);
    if (!api) return SQLITE_ERROR;
    fts5_tokenizer tokenizer = {snowball_create, snowball_delete, snowball_tokenize};
    return api->xCreateTokenizer(api, "snowball", api, &tokenizer, NULL);
}
