// The word stream: FTS5's own tokenizers run in the extraction worker (fsfind_word_cutter_cut)
// and their output is replayed to FTS5 by a wrapper on the writer's connection
// (fsfind_word_replay_register), so the writer's thread indexes words it does not cut again.
// FTS5 builds its index from the words and their order only (its insert callback ignores the
// byte offsets, which snippets take by cutting the stored text again), so a replay indexes exactly
// what cutting the text would.
#include "CWordStream.h"

#include <CSnowball.h>

#include <stdlib.h>
#include <string.h>

// MARK: Cutting

enum { MOST_ARGUMENTS = 16 };

struct fsfind_word_cutter {
    fts5_tokenizer methods;
    Fts5Tokenizer *instance;
};

fsfind_word_cutter *fsfind_word_cutter_new(sqlite3 *db, const char *spec) {
    fts5_api *api = fsfind_fts5_api(db);
    if (!api || !spec) return NULL;
    // The spec's words, separated by spaces (fsfind's tokenize arguments are never quoted).
    char *copy = strdup(spec);
    if (!copy) return NULL;
    const char *words[MOST_ARGUMENTS + 1];
    int count = 0;
    for (char *word = strtok(copy, " "); word && count <= MOST_ARGUMENTS; word = strtok(NULL, " ")) {
        words[count++] = word;
    }
    fsfind_word_cutter *cutter = NULL;
    void *context = NULL;
    fts5_tokenizer methods;
    if (count >= 1 && count <= MOST_ARGUMENTS && api->xFindTokenizer(api, words[0], &context, &methods) == SQLITE_OK) {
        cutter = calloc(1, sizeof *cutter);
        if (cutter) {
            cutter->methods = methods;
            if (methods.xCreate(context, count > 1 ? words + 1 : NULL, count - 1, &cutter->instance) != SQLITE_OK) {
                free(cutter);
                cutter = NULL;
            }
        }
    }
    free(copy);
    return cutter;
}

void fsfind_word_cutter_free(fsfind_word_cutter *cutter) {
    if (!cutter) return;
    if (cutter->instance) cutter->methods.xDelete(cutter->instance);
    free(cutter);
}

typedef struct {
    unsigned char *bytes;
    size_t length;
    size_t capacity;
} Stream;

static int grow(Stream *stream, size_t more) {
    if (stream->length + more <= stream->capacity) return SQLITE_OK;
    size_t capacity = stream->capacity ? stream->capacity : 4096;
    while (capacity < stream->length + more) capacity *= 2;
    unsigned char *bytes = sqlite3_realloc64(stream->bytes, capacity);
    if (!bytes) return SQLITE_NOMEM;
    stream->bytes = bytes;
    stream->capacity = capacity;
    return SQLITE_OK;
}

static int append_word(void *context, int flags, const char *token, int length, int start, int end) {
    (void)start;
    (void)end;
    Stream *stream = (Stream *)context;
    if (length < 0) return SQLITE_ERROR;
    if (grow(stream, 10 + (size_t)length) != SQLITE_OK) return SQLITE_NOMEM;
    unsigned long long head = ((unsigned long long)length << 1) | ((flags & FTS5_TOKEN_COLOCATED) ? 1 : 0);
    do {
        unsigned char byte = head & 0x7f;
        head >>= 7;
        stream->bytes[stream->length++] = head ? (byte | 0x80) : byte;
    } while (head);
    memcpy(stream->bytes + stream->length, token, (size_t)length);
    stream->length += (size_t)length;
    return SQLITE_OK;
}

int fsfind_word_cutter_cut(
    fsfind_word_cutter *cutter, const char *text, int text_length, unsigned char **words, size_t *length) {
    Stream stream = {NULL, 0, 0};
    *words = NULL;
    *length = 0;
    // A stream about as long as the text (stems are shorter than words, separators go).
    if (grow(&stream, (size_t)text_length / 2 + 16) != SQLITE_OK) return SQLITE_NOMEM;
    int status = cutter->methods.xTokenize(
        cutter->instance, &stream, FTS5_TOKENIZE_DOCUMENT, text, text_length, append_word);
    if (status != SQLITE_OK) {
        sqlite3_free(stream.bytes);
        return status;
    }
    *words = stream.bytes;
    *length = stream.length;
    return SQLITE_OK;
}

// MARK: Replaying

static _Thread_local const unsigned char *armed_words;
static _Thread_local size_t armed_length;
static _Thread_local int armed;
// 1 once the armed stream was replayed, -1 when it was damaged.
static _Thread_local int replayed;

void fsfind_word_arm(const unsigned char *words, size_t length) {
    armed_words = words;
    armed_length = length;
    armed = 1;
    replayed = 0;
}

int fsfind_word_disarm(void) {
    int result = replayed;
    armed = 0;
    armed_words = NULL;
    armed_length = 0;
    replayed = 0;
    return result;
}

typedef struct {
    fts5_tokenizer methods;
    void *context;
} Wrapped;

typedef struct {
    const Wrapped *wrapped;
    Fts5Tokenizer *inner;
} Replayer;

static int replayer_create(void *context, const char **arguments, int count, Fts5Tokenizer **out) {
    const Wrapped *wrapped = (const Wrapped *)context;
    *out = NULL;
    Replayer *replayer = sqlite3_malloc(sizeof *replayer);
    if (!replayer) return SQLITE_NOMEM;
    replayer->wrapped = wrapped;
    replayer->inner = NULL;
    int status = wrapped->methods.xCreate(wrapped->context, arguments, count, &replayer->inner);
    if (status != SQLITE_OK) {
        sqlite3_free(replayer);
        return status;
    }
    *out = (Fts5Tokenizer *)replayer;
    return SQLITE_OK;
}

static void replayer_delete(Fts5Tokenizer *instance) {
    Replayer *replayer = (Replayer *)instance;
    if (!replayer) return;
    if (replayer->inner) replayer->wrapped->methods.xDelete(replayer->inner);
    sqlite3_free(replayer);
}

static int replay(void *context, int (*token)(void *, int, const char *, int, int, int)) {
    const unsigned char *at = armed_words;
    const unsigned char *end = armed_words + armed_length;
    while (at < end) {
        unsigned long long head = 0;
        int shift = 0;
        for (;;) {
            if (at >= end || shift > 35) return SQLITE_CORRUPT;
            unsigned char byte = *at++;
            head |= (unsigned long long)(byte & 0x7f) << shift;
            shift += 7;
            if (!(byte & 0x80)) break;
        }
        unsigned long long length = head >> 1;
        if (length > (unsigned long long)(end - at)) return SQLITE_CORRUPT;
        int status = token(context, (head & 1) ? FTS5_TOKEN_COLOCATED : 0, (const char *)at, (int)length, 0, 0);
        if (status != SQLITE_OK) return status;
        at += length;
    }
    return SQLITE_OK;
}

static int replayer_tokenize(
    Fts5Tokenizer *instance, void *context, int flags, const char *text, int length,
    int (*token)(void *, int, const char *, int, int, int)) {
    Replayer *replayer = (Replayer *)instance;
    if (armed && (flags & FTS5_TOKENIZE_DOCUMENT)) {
        armed = 0;
        int status = replay(context, token);
        replayed = status == SQLITE_CORRUPT ? -1 : 1;
        return status;
    }
    return replayer->wrapped->methods.xTokenize(replayer->inner, context, flags, text, length, token);
}

int fsfind_word_replay_register(sqlite3 *db) {
    fts5_api *api = fsfind_fts5_api(db);
    if (!api) return SQLITE_ERROR;
    static const char *const names[] = {"unicode61", "porter", "snowball"};
    for (size_t index = 0; index < sizeof names / sizeof names[0]; index++) {
        Wrapped *wrapped = sqlite3_malloc(sizeof *wrapped);
        if (!wrapped) return SQLITE_NOMEM;
        if (api->xFindTokenizer(api, names[index], &wrapped->context, &wrapped->methods) != SQLITE_OK) {
            // Not registered on this connection (snowball before fsfind_snowball_register).
            sqlite3_free(wrapped);
            continue;
        }
        fts5_tokenizer methods = {replayer_create, replayer_delete, replayer_tokenize};
        int status = api->xCreateTokenizer(api, names[index], wrapped, &methods, sqlite3_free);
        if (status != SQLITE_OK) return status;
    }
    return SQLITE_OK;
}
