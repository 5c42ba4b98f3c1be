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
#include <sys/mman.h>

// MARK: Cutting

enum { MOST_ARGUMENTS = 16 };

// The stems of ASCII words a cutter has seen, by word: most words of a text are among a few
// thousand, and the stemmer is a third of what cutting costs. Direct-mapped (a word that hashes
// to a taken slot replaces it); words longer than CACHED_LENGTH are stemmed each time.
// 16,384 slots of a cache line each (1 MiB): 93% of the words of /usr/share/doc's changelogs are
// found; 4,096 or 65,536 slots cut as fast (the misses cost no more than the larger table's loads).
enum { CACHE_SLOTS = 1 << 14, CACHED_LENGTH = 24 };

// A word of up to CACHED_LENGTH bytes, zero-padded, compared as three 64-bit words (a word has no
// zero byte, so equal padded words are equal words).
typedef union {
    char bytes[CACHED_LENGTH];
    unsigned long long words[CACHED_LENGTH / 8];
} Padded;

typedef struct {
    _Alignas(64) Padded word;  // all zero: empty
    unsigned char stem_length;
    char stem[CACHED_LENGTH];
} Slot;

struct fsfind_word_cutter {
    fts5_tokenizer methods;
    Fts5Tokenizer *instance;
    // Set when the spec ends in FTS5's `unicode61 remove_diacritics 2` with no other option, so
    // that the ASCII words of a text can be cut here (see fsfind_word_cutter_cut); NULL otherwise.
    Slot *cache;
};

// The spec's last words, which every tokenizer fsfind makes ends with (TextStore.tokenizer).
static const char plain_unicode61[] = "unicode61 remove_diacritics 2";

static int ends_with_plain_unicode61(const char *spec) {
    size_t length = strlen(spec);
    size_t tail = sizeof plain_unicode61 - 1;
    if (length < tail || strcmp(spec + length - tail, plain_unicode61) != 0) return 0;
    // `unicode61` once, as the base: nothing before it may be another unicode61 option.
    return strstr(spec, "unicode61") == spec + length - tail;
}

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
            } else if (ends_with_plain_unicode61(spec)) {
                // Mapped, not allocated and cleared: the kernel's pages come zeroed when first
                // touched, so a cutter that stems a few words (free text's word forms) does not
                // clear the whole table first.
                void *pages = mmap(NULL, CACHE_SLOTS * sizeof(Slot), PROT_READ | PROT_WRITE,
                                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
                cutter->cache = pages == MAP_FAILED ? NULL : pages;
            }
        }
    }
    free(copy);
    return cutter;
}

void fsfind_word_cutter_free(fsfind_word_cutter *cutter) {
    if (!cutter) return;
    if (cutter->instance) cutter->methods.xDelete(cutter->instance);
    if (cutter->cache) munmap(cutter->cache, CACHE_SLOTS * sizeof(Slot));
    free(cutter);
}

typedef struct {
    unsigned char *bytes;
    size_t length;
    size_t capacity;
    // The caller's buffer (fsfind_word_cutter_cut_into), or NULL: while the stream is in it, a
    // longer stream moves to memory of its own rather than reallocating what the caller owns.
    unsigned char *given;
} Stream;

static int grow(Stream *stream, size_t more) {
    if (stream->length + more <= stream->capacity) return SQLITE_OK;
    size_t capacity = stream->capacity ? stream->capacity : 4096;
    while (capacity < stream->length + more) capacity *= 2;
    unsigned char *bytes;
    if (stream->given && stream->bytes == stream->given) {
        bytes = sqlite3_realloc64(NULL, capacity);  // the loader forwards realloc, not malloc
        if (bytes) memcpy(bytes, stream->bytes, stream->length);
    } else {
        bytes = sqlite3_realloc64(stream->bytes, capacity);
    }
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

// A cached stem: its length (at most CACHED_LENGTH, so one byte of the stream, times two: not
// colocated), then its bytes, copied as a fixed CACHED_LENGTH into the room kept past the end so
// that the copy is a few moves rather than a call.
static inline int append_cached(Stream *stream, const Slot *slot) {
    if (stream->length + 1 + CACHED_LENGTH > stream->capacity && grow(stream, 1 + CACHED_LENGTH) != SQLITE_OK) {
        return SQLITE_NOMEM;
    }
    unsigned char *at = stream->bytes + stream->length;
    at[0] = (unsigned char)(slot->stem_length << 1);
    memcpy(at + 1, slot->stem, CACHED_LENGTH);
    stream->length += 1 + (size_t)slot->stem_length;
    return SQLITE_OK;
}

// What the tokenizer gave for one word cut alone: appended to the stream, and the first kept to
// be cached.
typedef struct {
    Stream *stream;
    int count;
    int cacheable;
    int stem_length;
    char stem[CACHED_LENGTH];
} Capture;

static int capture_word(void *context, int flags, const char *token, int length, int start, int end) {
    Capture *capture = (Capture *)context;
    capture->count++;
    if (capture->count == 1 && flags == 0 && length >= 0 && length <= CACHED_LENGTH) {
        memcpy(capture->stem, token, (size_t)length);
        capture->stem_length = length;
        capture->cacheable = 1;
    }
    return append_word(capture->stream, flags, token, length, start, end);
}

// `length` (at most CACHED_LENGTH) ASCII letters and digits at `word`, lower-cased and
// zero-padded: eight at a time where the text goes on for eight more bytes (a digit already has bit
// 0x20, a letter gets it), so the padded words are not stored byte by byte and loaded whole.
static inline void lower_case(const unsigned char *word, size_t length, const unsigned char *end, Padded *out) {
#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
    // The words below are little-endian: byte by byte elsewhere.
    memset(out, 0, sizeof *out);
    for (size_t index = 0; index < length; index++) out->bytes[index] = (char)(word[index] | 0x20);
    (void)end;
#else
    for (size_t part = 0; part < CACHED_LENGTH / 8; part++) {
        size_t offset = part * 8;
        unsigned long long value = 0;
        if (offset < length) {
            size_t count = length - offset < 8 ? length - offset : 8;
            if (word + offset + 8 <= end) {
                memcpy(&value, word + offset, 8);
                if (count < 8) value &= (1ull << (8 * count)) - 1;
            } else {
                for (size_t index = 0; index < count; index++)
                    value |= (unsigned long long)word[offset + index] << (8 * index);
            }
            value |= 0x2020202020202020ull & ((count < 8 ? (1ull << (8 * count)) : 0) - 1);
        }
        out->words[part] = value;
    }
#endif
}

// 1 for an ASCII letter or digit, 2 for a byte of a multi-byte character, 0 for the rest (the
// ASCII bytes that end a word).
static const unsigned char word_byte[256] = {
    ['0' ... '9'] = 1, ['A' ... 'Z'] = 1, ['a' ... 'z'] = 1, [0x80 ... 0xFF] = 2,
};

// Cuts `text` as unicode61 (and the stemmer over it) would, faster: FTS5's unicode61 ends a word at
// every ASCII byte that is not a letter or a digit (with no `tokenchars` or `separators` option),
// and a byte of a multi-byte character is never ASCII, so the text splits at those bytes into runs
// that no word crosses. A run of ASCII letters and digits is one word, lower-cased here (the only
// folding unicode61 does to ASCII) and stemmed through the cache, the stemmer asked only for a word
// it has not seen: by the same tokenizer on that word alone, which gives what it gives in the text
// (a stemmer sees one word at a time). A run with other characters, or a long one, goes to the
// tokenizer whole. The stream is the same as cutting the whole text with the tokenizer
// (WordStreamTests compares them).
static int cut_through_cache(fsfind_word_cutter *cutter, const unsigned char *text, int text_length, Stream *stream) {
    const unsigned char *at = text;
    const unsigned char *end = text + text_length;
    while (at < end) {
        while (at < end && word_byte[*at] == 0) at++;
        if (at == end) break;
        const unsigned char *start = at;
        unsigned char kinds = 0;
        unsigned char kind;
        while (at < end && (kind = word_byte[*at]) != 0) {
            kinds |= kind;
            at++;
        }
        size_t length = (size_t)(at - start);
        int status;
        if ((kinds & 2) || length > CACHED_LENGTH) {
            status = cutter->methods.xTokenize(
                cutter->instance, stream, FTS5_TOKENIZE_DOCUMENT, (const char *)start, (int)length, append_word);
        } else {
            Padded lower;
            lower_case(start, length, end, &lower);
            unsigned long long hash = lower.words[0] * 0x9E3779B97F4A7C15ull ^ lower.words[1] * 0xC2B2AE3D27D4EB4Full
                ^ lower.words[2] * 0x165667B19E3779F9ull;
            Slot *slot = &cutter->cache[(hash >> 32) & (CACHE_SLOTS - 1)];
            if (slot->word.words[0] == lower.words[0] && slot->word.words[1] == lower.words[1]
                && slot->word.words[2] == lower.words[2]) {
                status = append_cached(stream, slot);
            } else {
                Capture capture = {stream, 0, 0, 0, {0}};
                status = cutter->methods.xTokenize(
                    cutter->instance, &capture, FTS5_TOKENIZE_DOCUMENT, lower.bytes, (int)length, capture_word);
                if (status == SQLITE_OK && capture.count == 1 && capture.cacheable) {
                    slot->word = lower;
                    slot->stem_length = (unsigned char)capture.stem_length;
                    memcpy(slot->stem, capture.stem, (size_t)capture.stem_length);
                }
            }
        }
        if (status != SQLITE_OK) return status;
    }
    return SQLITE_OK;
}

int fsfind_word_cutter_cut(
    fsfind_word_cutter *cutter, const char *text, int text_length, unsigned char **words, size_t *length) {
    return fsfind_word_cutter_cut_into(cutter, text, text_length, NULL, 0, words, length);
}

int fsfind_word_cutter_cut_into(fsfind_word_cutter *cutter, const char *text, int text_length, unsigned char *buffer,
                                size_t capacity, unsigned char **words, size_t *length) {
    Stream stream = {buffer, 0, buffer ? capacity : 0, buffer};
    *words = NULL;
    *length = 0;
    // A stream about as long as the text (stems are shorter than words, separators go).
    if (!buffer && grow(&stream, (size_t)text_length / 2 + 16) != SQLITE_OK) return SQLITE_NOMEM;
    int status = cutter->cache
        ? cut_through_cache(cutter, (const unsigned char *)text, text_length, &stream)
        : cutter->methods.xTokenize(cutter->instance, &stream, FTS5_TOKENIZE_DOCUMENT, text, text_length, append_word);
    if (status != SQLITE_OK) {
        if (stream.bytes != buffer) sqlite3_free(stream.bytes);
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
